import BlastoiseHTTP
import Foundation

/// One line per event on stderr, with a UTC timestamp. The line goes through `LogLine`, which
/// escapes request values wherever they sit in it.
public enum ServerLog {
  public static func write(_ line: String) {
    LogLine.write("\(Date().formatted(.iso8601)) \(line)")
  }
}
