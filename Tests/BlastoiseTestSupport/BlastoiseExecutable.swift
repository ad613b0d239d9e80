import Foundation

/// The debug `blastoise` executable that integration tests start as a child process.
public enum BlastoiseExecutable {
  public static var url: URL { builtExecutable("blastoise") }

  /// An executable of this package in `.build/debug`.
  public static func builtExecutable(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)")
  }

  /// This process's environment without `BLASTOISE_*` settings (a developer's own must not leak
  /// into tests), with TMPDIR inside the run's folder, plus `extra`.
  public static func environment(_ extra: [String: String]) -> [String: String] {
    var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BLASTOISE_") }
    merged["TMPDIR"] = TestRun.root
    merged.merge(extra) { _, new in new }
    return merged
  }

  /// Starts `blastoise` with `arguments` as a `TestChild`.
  public static func start(
    _ arguments: [String], environment extra: [String: String] = [:], input: Data? = nil
  ) throws -> TestChild {
    try TestChild(url.path, arguments, environment: environment(extra), input: input)
  }
}
