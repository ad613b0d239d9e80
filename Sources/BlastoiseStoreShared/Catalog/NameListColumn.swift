import Foundation

/// Names kept in one TEXT column (a track's or an album's genres), separated by U+001F. Read for
/// every track of a large library, so plainer than JSON (`StringListColumn`); a separator inside a
/// name is written as a space.
public enum NameListColumn {
  public static let separator: Character = "\u{1F}"

  public static func encode(_ names: [String]) -> String {
    names.map { $0.replacingOccurrences(of: String(separator), with: " ") }.joined(separator: String(separator))
  }

  public static func decode(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }
}
