import Foundation

/// A list of IDs (a room's queue, a playlist's tracks) kept in one column as a JSON array (TEXT in
/// SQLite, jsonb in PostgreSQL); also how a variable-length list is bound as one parameter.
public enum StringListColumn {
  public static func encode(_ values: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
  }

  /// Nil when the column does not hold a JSON array of strings.
  public static func decode(_ text: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(text.utf8))
  }
}
