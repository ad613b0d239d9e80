import BlastoiseTestSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `blastoise` child process (the server or a player): a `TestChild`, so its output is read on
/// threads of its own (never the Swift concurrency pool) and it dies with the test.
final class ChildProcess: Sendable {
  let child: TestChild

  init(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws {
    child = try BlastoiseExecutable.start(arguments, environment: environment, input: stdin ?? Data())
  }

  var outputLines: [String] { child.outputLines }
  var errorText: String { child.errorText }

  /// stdout lines parsed as JSON objects.
  var jsonLines: [[String: Any]] {
    outputLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
  }

  func signal(_ number: Int32) { child.signal(number) }

  /// Waits for exit (without blocking the pool; `timeout` is a hang guard); answers the status.
  func exitStatus(timeout: Double = 60) async throws -> Int32 {
    do {
      return try await child.waitForExit(timeout: .seconds(timeout))
    } catch {
      throw IntegrationFailure("\(error)")
    }
  }
}

struct IntegrationFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// `blastoise serve` on a free loopback port with the demo library in a temp directory.
final class ServerProcess: Sendable {
  let child: ChildProcess
  let port: UInt16
  let directory: String

  /// `audiobooks`: a folder of books to serve too (`--audiobooks-dir`).
  init(audiobooks: String? = nil) async throws {
    directory = try TestRun.makeDirectory("player")
    child = try ChildProcess(
      [
        "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", directory + "/data", "--music-dir",
        directory + "/music", "--demo",
      ] + (audiobooks.map { ["--audiobooks-dir", $0] } ?? []))
    var found: UInt16?
    let deadline = ContinuousClock.now + .seconds(60)
    while found == nil, ContinuousClock.now < deadline {
      let text = child.errorText
      if let range = text.range(of: #"listening on http://[^:]+:(\d+)"#, options: .regularExpression) {
        found = UInt16(text[range].split(separator: ":").last ?? "")
      } else {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    guard let found else { throw IntegrationFailure("the server did not start: \(child.errorText)") }
    port = found
  }

  var base: String { "http://127.0.0.1:\(port)" }

  func stop() async throws -> Int32 {
    child.signal(SIGTERM)
    return try await child.exitStatus()
  }
}

/// Polls `condition` until it holds.
func eventually(timeout: Double = 60, _ what: String, _ condition: () async throws -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(timeout)
  while ContinuousClock.now < deadline {
    if try await condition() { return }
    try await Task.sleep(for: .milliseconds(20))
  }
  throw IntegrationFailure("\(what) did not happen within \(timeout) s")
}
