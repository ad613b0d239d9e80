/// Why a document gave no feed. Bad fields inside a feed are never errors (they become nil).
public enum FeedError: Error, Sendable, Equatable {
  /// Well-formed XML whose root is not `rss`, `feed` (Atom) or, for OPML, `opml`.
  case notAFeed(root: String)
  /// Not well-formed XML (or empty).
  case malformed(line: Int, reason: String)
}
