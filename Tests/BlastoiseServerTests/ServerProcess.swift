import BlastoiseTestSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `blastoise` executable, started as a child process for end-to-end tests.
final class ServerProcess: @unchecked Sendable {
  let process = Process()
  private let errorPipe = Pipe()
  private(set) var port: UInt16 = 0
  private var stderrText = ""

  init(arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = BlastoiseExecutable.url
    process.arguments = arguments
    process.environment = BlastoiseExecutable.environment(environment)
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    try launch(process)
  }

  /// Reads stderr until the server says where it listens. Blocking reads run on a dispatch
  /// thread: blocking the Swift concurrency pool would starve servers running in this process.
  func waitUntilListening(timeout: TimeInterval = 10) async throws -> UInt16 {
    try await offPool { try self.blockingWaitUntilListening(timeout: timeout) }
  }

  func waitForExit(timeout: TimeInterval = 60) async throws -> (status: Int32, stderr: String) {
    try await offPool { try self.blockingWaitForExit(timeout: timeout) }
  }

  /// Reads stderr until a line matches `pattern`; returns its first capture group.
  func waitForLog(matching pattern: String, timeout: TimeInterval = 10) async throws -> String {
    try await offPool { try self.blockingWaitForLog(matching: pattern, timeout: timeout) }
  }

  private func blockingWaitForLog(matching pattern: String, timeout: TimeInterval) throws -> String {
    let expression = try NSRegularExpression(pattern: pattern)
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let range = NSRange(stderrText.startIndex..., in: stderrText)
      if let match = expression.firstMatch(in: stderrText, range: range),
        let capture = Range(match.range(at: 1), in: stderrText)
      {
        return String(stderrText[capture])
      }
      guard process.isRunning else { break }
      stderrText += String(decoding: errorPipe.fileHandleForReading.availableData, as: UTF8.self)
    }
    throw ProcessFailure(message: "no log line matching \(pattern): \(stderrText)")
  }

  private func blockingWaitUntilListening(timeout: TimeInterval) throws -> UInt16 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let range = stderrText.range(of: #"listening on http://[^:]+:(\d+)"#, options: .regularExpression) {
        let match = stderrText[range]
        port = UInt16(match.split(separator: ":").last ?? "") ?? 0
        return port
      }
      guard process.isRunning else { break }
      stderrText += String(decoding: errorPipe.fileHandleForReading.availableData, as: UTF8.self)
    }
    throw ProcessFailure(message: "server did not start: \(stderrText)")
  }

  /// Waits for exit and returns the status and everything written to stderr. The exit is read
  /// with `waitid(…, WNOWAIT)`, which leaves the child for Foundation to reap: Foundation learns
  /// of exits on a Dispatch queue that a loaded test run can delay for many seconds.
  private func blockingWaitForExit(timeout: TimeInterval) throws -> (status: Int32, stderr: String) {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32?
    while Date() < deadline {
      var info = siginfo_t()
      if waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
        info._sifields._sigchld.si_pid == process.processIdentifier
      {
        status = info._sifields._sigchld.si_status
        break
      }
      if !process.isRunning {
        status = process.terminationStatus
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    guard let status else {
      process.terminate()
      throw ProcessFailure(message: "server did not exit in \(timeout)s")
    }
    stderrText += String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (status, stderrText)
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  deinit {
    if process.isRunning { process.terminate() }
  }
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

func temporaryDirectory() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("blastoise-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A GET on loopback with URLSession; returns status and body.
func httpGet(_ port: UInt16, _ path: String, headers: [String: String] = [:]) async throws -> (Int, Data) {
  var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await URLSession.shared.data(for: request)
  return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}
