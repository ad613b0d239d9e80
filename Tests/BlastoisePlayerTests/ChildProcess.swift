import BlastoiseTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `blastoise` child process (the server or a player) whose stdout and stderr lines are
/// collected by dispatch threads: blocking reads never run on the Swift concurrency pool.
final class ChildProcess: @unchecked Sendable {
  let process = Process()
  private let stdout = Pipe()
  private let stderr = Pipe()
  private let lines = Mutex<(out: [String], err: [String])>(([], []))
  private let done = DispatchGroup()

  init(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws {
    process.executableURL = BlastoiseExecutable.url
    process.arguments = arguments
    process.environment = BlastoiseExecutable.environment(environment)
    process.standardOutput = stdout
    process.standardError = stderr
    let input = Pipe()
    process.standardInput = input
    try launch(process)
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    collect(stdout.fileHandleForReading, errors: false)
    collect(stderr.fileHandleForReading, errors: true)
  }

  private func collect(_ handle: FileHandle, errors: Bool) {
    done.enter()
    DispatchQueue.global().async { [self] in
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: 10) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          lines.withLock { lines in
            if errors { lines.err.append(line) } else { lines.out.append(line) }
          }
        }
      }
      done.leave()
    }
  }

  var outputLines: [String] { lines.withLock { $0.out } }
  var errorText: String { lines.withLock { $0.err.joined(separator: "\n") } }

  /// stdout lines parsed as JSON objects.
  var jsonLines: [[String: Any]] {
    outputLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// Waits for exit (without blocking the pool); answers the status.
  func exitStatus(timeout: Double = 15) async throws -> Int32 {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        process.terminate()
        throw IntegrationFailure("process did not exit within \(timeout) s: \(errorText)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
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

  init() async throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent("blastoise-player-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    child = try ChildProcess([
      "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", directory + "/data", "--music-dir",
      directory + "/music", "--demo",
    ])
    var found: UInt16?
    let deadline = ContinuousClock.now + .seconds(15)
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
func eventually(timeout: Double = 15, _ what: String, _ condition: () async throws -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(timeout)
  while ContinuousClock.now < deadline {
    if try await condition() { return }
    try await Task.sleep(for: .milliseconds(20))
  }
  throw IntegrationFailure("\(what) did not happen within \(timeout) s")
}
