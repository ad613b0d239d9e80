import Foundation

/// `itunes:duration`: whole seconds ("3600", "3600.5") or [H:]MM:SS. Anything else → nil.
enum FeedDuration {
  static func seconds(_ text: String) -> Int? {
    let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(
      separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var total = 0.0
    for part in parts {
      guard let value = Double(part), value >= 0, value.isFinite, value < 1e9 else { return nil }
      total = total * 60 + value
    }
    return Int(total.rounded(.down))
  }
}
