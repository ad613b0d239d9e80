import Foundation

/// Debian's tools that make test fixtures (sox, lame, ffmpeg, python3).
public enum TestTool {
  /// Runs a tool with an argument array (no shell) and returns its standard output. The tool is a
  /// `TestChild`: it is awaited, not waited for on a pool thread.
  @discardableResult
  public static func run(_ tool: String, _ arguments: [String]) async throws -> Data {
    guard let executable = TestChild.locate(tool) else { throw TestChild.Failure("\(tool) is not installed") }
    // lame converts tag text from the locale's encoding; without one it drops non-ASCII.
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C.UTF-8"
    environment["TMPDIR"] = TestRun.root
    let child = try TestChild(executable, arguments, environment: environment)
    let status = try await child.waitForExit()
    guard status == 0 else { throw TestChild.Failure("\(tool) \(arguments) failed (\(status)): \(child.errorText)") }
    return child.output
  }
}
