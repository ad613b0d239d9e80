import Foundation

/// The one writer of log lines (stderr). It escapes everything it is given, so a value that came
/// from a request — a sign-in name, a request target, an uploaded file's name — can never end
/// its line and forge the next one, nor move the cursor or recolour a terminal. Callers
/// interpolate what they like: there is no untrusted value to remember to escape.
public enum LogLine {
  /// One `write(2)` per line (so lines from several threads never interleave), EINTR retried.
  /// Not `FileHandle.write`, which traps on any error: a closed or full stderr must not end the
  /// server.
  public static func write(_ line: String) {
    var bytes = Array((escaped(line) + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeMutableBytes {
        Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return  // the log is gone or full: drop the line rather than the server
      }
    }
  }

  /// Control characters (C0, DEL, C1 — newline, ESC of ANSI sequences, NEL), the line and
  /// paragraph separators and the bidirectional overrides as `\n`, `\u{1B}`…; the backslash
  /// doubled so an escape cannot be faked.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // controls
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and overrides
    case 0x5C: true  // the escape character itself
    default: false
    }
  }
}
