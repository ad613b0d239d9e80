import Foundation

extension String {
  /// Without control characters (C0, DEL, C1 with NEL), line and paragraph separators, and the
  /// bidirectional marks, embeddings, overrides and isolates: names and titles from clients and
  /// from yt-dlp end up in file names, logs and the UI, where a U+202E would show `song‮3pm.exe`
  /// reversed and a U+2028 would break a log line.
  var removingControlCharacters: String {
    String(unicodeScalars.filter { !Self.isUnsafeInNames($0) })
  }

  static func isUnsafeInNames(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7f...0x9f, 0x200e, 0x200f, 0x2028...0x202e, 0x2066...0x2069: true
    default: false
    }
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
