import BlastoiseHTTP

/// A gPodder path's last segment, `{name}.{format}` (`ann.json`, `phone.opml`).
struct GPodderFile: Sendable, Equatable {
  let name: String
  let format: Format

  enum Format: String, Sendable { case json, opml, txt }

  /// The name part of a segment however it ends: whose path it is, checked before the format.
  static func stem(_ segment: String) -> String {
    segment.lastIndex(of: ".").map { String(segment[..<$0]) } ?? segment
  }

  /// `allowed` formats only; anything else is a 404, as gpodder.net answers.
  init(_ segment: String, allowed: Set<Format> = [.json]) throws {
    guard let dot = segment.lastIndex(of: "."),
      let format = Format(rawValue: String(segment[segment.index(after: dot)...])),
      allowed.contains(format), dot > segment.startIndex
    else {
      throw HTTPError(
        .notFound, "Not found: expected {name}.\(allowed.map(\.rawValue).sorted().joined(separator: "|"))")
    }
    name = String(segment[..<dot])
    self.format = format
  }
}
