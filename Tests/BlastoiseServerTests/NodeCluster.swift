import BlastoiseTestSupport
import Foundation
import Testing

/// What several nodes share in a test: one throwaway PostgreSQL schema and one music folder of
/// tones. Nodes are real `blastoise serve` processes the test starts (and kills) as it likes.
struct NodeCluster: Sendable {
  let schema: TestPostgres.Schema
  let music: String

  /// Runs `body` with a new schema (dropped afterwards) and a folder of tones of `seconds`.
  static func with(tones seconds: [Double], _ body: (NodeCluster) async throws -> Void) async throws {
    let serverURL = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: serverURL) { schema in
      let music = try temporaryDirectory()
      for (index, length) in seconds.enumerated() {
        try LibraryRoutesTests.wav(seconds: length, frequency: 300 + Double(index) * 60, title: "Tone \(index)")
          .write(to: URL(fileURLWithPath: "\(music)/\(index).wav"))
      }
      try await body(NodeCluster(schema: schema, music: music))
    }
  }

  /// Starts a node on `port` (0: any), with a data folder of its own; it has yet to come up
  /// (`waitUntilListening`).
  func start(port: UInt16 = 0, _ extra: [String] = []) throws -> ServerProcess {
    try ServerProcess(
      arguments: [
        "serve", "--host", "127.0.0.1", "--port", String(port), "--data-dir", try temporaryDirectory(),
        "--music-dir", music, "--database", schema.url,
      ] + extra)
  }
}
