import Foundation

/// IDs the server makes for what it stores (rooms, bookmarks): 12 random hex digits.
enum RandomID {
  static func make() -> String {
    String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
  }
}
