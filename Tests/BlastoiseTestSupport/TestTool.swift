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

  /// A tone of `seconds` at `path` (its extension picks the format: mp3, flac, ogg, m4a, …),
  /// tagged by ffmpeg's `-metadata key=value`, which writes ID3v2 frames, Vorbis comments or MP4
  /// atoms by each format's own names. `frequency` makes files of the same length differ.
  public static func taggedTone(
    at path: String, seconds: Double = 0.5, frequency: Int = 440, metadata: [(String, String)]
  ) async throws {
    let source = path + ".source.wav"
    defer { try? FileManager.default.removeItem(atPath: source) }
    try await run(
      "sox", ["-r", "8000", "-c", "1", "-n", "-b", "16", source, "synth", "\(seconds)", "sine", "\(frequency)"])
    try await run(
      "ffmpeg", ["-v", "error", "-y", "-i", source] + metadata.flatMap { ["-metadata", "\($0.0)=\($0.1)"] } + [path])
  }
}
