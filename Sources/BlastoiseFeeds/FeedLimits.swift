/// Caps that keep memory bounded on huge or hostile feeds.
public struct FeedLimits: Sendable, Equatable {
  /// Items kept; parsing stops after this many (the feed is marked truncated).
  public var maxItems: Int
  /// Characters kept per text field (descriptions, titles); the rest is dropped.
  public var maxFieldLength: Int
  /// Entries kept per list (persons, transcripts, categories, funding).
  public var maxListEntries: Int

  public init(maxItems: Int = 10_000, maxFieldLength: Int = 65_536, maxListEntries: Int = 64) {
    self.maxItems = maxItems
    self.maxFieldLength = maxFieldLength
    self.maxListEntries = maxListEntries
  }
}
