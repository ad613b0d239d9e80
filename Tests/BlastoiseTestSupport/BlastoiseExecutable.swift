import Foundation

/// The debug `blastoise` executable that integration tests start as a child process.
public enum BlastoiseExecutable {
  public static var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/blastoise")
  }

  /// This process's environment without `BLASTOISE_*` settings (a developer's own must not leak
  /// into tests), plus `extra`.
  public static func environment(_ extra: [String: String]) -> [String: String] {
    var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BLASTOISE_") }
    merged.merge(extra) { _, new in new }
    return merged
  }
}
