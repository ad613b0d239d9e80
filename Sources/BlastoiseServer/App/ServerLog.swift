import Foundation

/// One line per event on stderr, with a UTC timestamp.
public enum ServerLog {
  public static func write(_ line: String) {
    let stamp = Date().formatted(.iso8601)
    FileHandle.standardError.write(Data("\(stamp) \(line)\n".utf8))
  }
}
