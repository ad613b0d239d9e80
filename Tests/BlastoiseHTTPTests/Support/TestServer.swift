import BlastoiseHTTP
import BlastoiseTestSupport
import Foundation
import Synchronization
import Testing

/// Starts a server on a free loopback port with `routes`, runs `body`, and shuts the server down
/// (also when `body` throws). Each test gets its own server, so tests can run in parallel.
func withServer(
  configure: (inout HTTPServer.Configuration) -> Void = { _ in },
  routes: (inout Router) -> Void,
  _ body: (HTTPServer, UInt16) async throws -> Void
) async throws {
  var router = Router()
  routes(&router)
  var configuration = HTTPServer.Configuration()
  configuration.host = "127.0.0.1"
  configuration.port = 0
  configuration.log = testLog
  // A hang guard, not the product's 30 s: a run of every suite beside a build has seen handlers
  // wait that long for a thread, and the server then closed their connections as idle.
  configuration.connectionTimeoutSeconds = 600
  configure(&configuration)
  let server = HTTPServer(router: router, configuration: configuration)
  try server.start()
  let port = server.port
  do {
    try await body(server, port)
  } catch {
    await server.shutdown(grace: .seconds(5))
    throw error
  }
  await server.shutdown(grace: .seconds(5))
}

/// Server log lines are noise in a passing run; `BLASTOISE_TEST_LOG=1` shows them.
let testLog: @Sendable (String) -> Void = { line in
  if ProcessInfo.processInfo.environment["BLASTOISE_TEST_LOG"] != nil { LogLine.write(line) }
}

/// Values recorded by server callbacks on other threads, awaited by the test.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func append(_ value: Value) { values.withLock { $0.append(value) } }

  var all: [Value] { values.withLock { $0 } }

  /// Polls until `predicate` holds over the recorded values; false at the deadline.
  func wait(timeout: Duration = .seconds(120), until predicate: ([Value]) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if predicate(all) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return predicate(all)
  }
}

/// A fresh directory under the run's folder (`TestRun`), for upload and file tests.
func makeTemporaryDirectory() throws -> String {
  try TestRun.makeDirectory("http")
}

func removeDirectory(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// Deterministic pseudo-random bytes (xorshift), so failures are reproducible.
func patternBytes(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
  var state = seed
  var bytes = [UInt8](repeating: 0, count: count)
  for index in 0..<count {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    bytes[index] = UInt8(truncatingIfNeeded: state)
  }
  return bytes
}

/// A process's resident set size in bytes, from /proc/<pid>/status.
func residentSetBytes(of pid: pid_t) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
  }
  return nil
}

func elapsed(since start: ContinuousClock.Instant) -> Duration { ContinuousClock.now - start }

/// Expects `actual` to hold exactly `expected`. A plain `#expect(a == b)` on megabyte arrays makes
/// Swift Testing diff and print them on failure, which takes minutes; this reports a summary.
func expectBytes(
  _ actual: [UInt8], _ expected: some Collection<UInt8>, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = Array(expected)
  guard actual != expected else { return }
  var mismatch: String?
  if actual.count != expected.count {
    mismatch = "\(actual.count) bytes instead of \(expected.count)"
  } else if let index = actual.indices.first(where: { actual[$0] != expected[$0] }) {
    mismatch = "bytes differ from offset \(index)"
  }
  #expect(mismatch == nil, comment, sourceLocation: sourceLocation)
}
