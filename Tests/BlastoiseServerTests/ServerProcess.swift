import BlastoiseTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `blastoise` executable, started as a child process for end-to-end tests (a
/// `TestChild`: killed with what it started when this goes away or the test process ends).
final class ServerProcess: Sendable {
  let child: TestChild
  private let listening = Mutex<UInt16>(0)
  /// The port, once `waitUntilListening` found it.
  var port: UInt16 { listening.withLock { $0 } }

  init(arguments: [String], environment: [String: String] = [:]) throws {
    child = try BlastoiseExecutable.start(arguments, environment: environment)
  }

  /// Waits until the server says where it listens (a hang guard, not a speed bound).
  func waitUntilListening(timeout: Duration = .seconds(60)) async throws -> UInt16 {
    var port: UInt16?
    _ = await child.waitForOutput(timeout: timeout, errors: true) { text in
      guard let range = text.range(of: #"listening on http://[^:]+:(\d+)"#, options: .regularExpression) else {
        return false
      }
      port = UInt16(text[range].split(separator: ":").last ?? "")
      return true
    }
    guard let port else { throw ProcessFailure(message: "server did not start: \(child.errorText)") }
    listening.withLock { $0 = port }
    return port
  }

  /// Waits until a line of stderr matches `pattern` (a hang guard, not a speed bound); returns the
  /// pattern's first capture group.
  func waitForLog(matching pattern: String, timeout: Duration = .seconds(60)) async throws -> String {
    let expression = try NSRegularExpression(pattern: pattern)
    var captured: String?
    _ = await child.waitForOutput(timeout: timeout, errors: true) { text in
      let range = NSRange(text.startIndex..., in: text)
      guard let match = expression.firstMatch(in: text, range: range),
        let capture = Range(match.range(at: 1), in: text)
      else { return false }
      captured = String(text[capture])
      return true
    }
    guard let captured else { throw ProcessFailure(message: "no log line matching \(pattern): \(child.errorText)") }
    return captured
  }

  /// Waits for exit; the status and everything written to stderr.
  func waitForExit(timeout: Duration = .seconds(120)) async throws -> (status: Int32, stderr: String) {
    let status = try await child.waitForExit(timeout: timeout)
    return (status, child.errorText)
  }

  func signal(_ number: Int32) { child.signal(number) }
}

/// Runs blocking work on a thread of its own and awaits it. Not on Dispatch's global queues: on
/// Linux they share their few threads (one per core) with Swift concurrency, and a test blocked
/// there would starve the in-process server it is talking to.
func offPool<T>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

struct ProcessFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// A fresh folder under the run's folder (`TestRun`: removed when the test process ends).
func temporaryDirectory() throws -> String {
  try TestRun.makeDirectory("server")
}

/// A GET on loopback with URLSession; returns status and body.
func httpGet(_ port: UInt16, _ path: String, headers: [String: String] = [:]) async throws -> (Int, Data) {
  var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await URLSession.shared.data(for: request)
  return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}
