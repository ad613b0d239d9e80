import Foundation

extension String {
  /// Without C0 control characters and DEL: names and titles from clients and from yt-dlp end up
  /// in file names, logs and the UI.
  var removingControlCharacters: String {
    String(unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f })
  }
}

enum DisplayText {
  /// A title from outside: no control characters, trimmed, at most 300 characters; nil when
  /// nothing is left.
  static func title(_ raw: String) -> String? {
    let cleaned = raw.removingControlCharacters.trimmingCharacters(in: .whitespacesAndNewlines)
    return cleaned.isEmpty ? nil : String(cleaned.prefix(300))
  }
}
