import Foundation

/// A list of IDs (a room's queue, a playlist's tracks) kept in one TEXT column as a JSON array.
enum StringListColumn {
  static func encode(_ values: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
  }

  /// Nil when the column does not hold a JSON array of strings.
  static func decode(_ text: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(text.utf8))
  }
}
