import CTestChild
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process of a test: started with fork + execve by `CTestChild` (not Foundation's
/// `Process`, whose `run()` crashed the test binary in memcpy when tests started processes
/// concurrently), in a process group of its own, killed with SIGKILL when the test process ends,
/// and — with everything it started — when this object goes away. Its standard output and
/// standard error are read on threads of their own (never the Swift concurrency pool), and it is
/// reaped on a thread of its own, so waiting for it never blocks a pool thread either.
public final class TestChild: Sendable {
  public struct StartError: Error, CustomStringConvertible {
    public let executable: String
    public let code: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  public let pid: pid_t
  private let state = Mutex(State())
  private let input: Mutex<Int32>

  private struct State {
    var output = Data()
    var errors = Data()
    var outputClosed = false
    var errorsClosed = false
    /// The exit code, or 128 + the signal that ended it; nil while running.
    var status: Int32?
  }

  /// Starts `executable` (a path; no PATH search) with `arguments` and exactly `environment`.
  /// `input` is written to its standard input, which is then closed; without `input` standard
  /// input is /dev/null (unless `keepInputOpen`, for writing later with `write`).
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String], input data: Data? = nil,
    keepInputOpen: Bool = false, directory: String? = nil
  ) throws {
    var flags = Int32(BL_CHILD_STDOUT_PIPE | BL_CHILD_STDERR_PIPE)
    if data != nil || keepInputOpen { flags |= Int32(BL_CHILD_STDIN_PIPE) }
    var child = bl_child()
    let code = withCStringArray([executable] + arguments) { argv in
      withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { envp in
        if let directory {
          return bl_child_spawn(executable, argv, envp, directory, flags, -1, &child)
        }
        return bl_child_spawn(executable, argv, envp, nil, flags, -1, &child)
      }
    }
    guard code == 0 else { throw StartError(executable: executable, code: code) }
    pid = child.pid
    input = Mutex(child.input)
    startReading(child.output, errors: false)
    startReading(child.errors, errors: true)
    startReaping()
    if let data {
      write(data)
      if !keepInputOpen { closeInput() }
    }
  }

  deinit {
    killGroup()
    closeInput()
  }

  // MARK: Standard input

  /// Writes to the child's standard input (blocking only while the pipe is full).
  public func write(_ data: Data) {
    input.withLock { descriptor in
      guard descriptor >= 0 else { return }
      data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return
          }
          offset += written
        }
      }
    }
  }

  public func closeInput() {
    input.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
    }
  }

  // MARK: Output

  public var output: Data { state.withLock { $0.output } }
  public var errors: Data { state.withLock { $0.errors } }
  public var outputText: String { String(decoding: output, as: UTF8.self) }
  public var errorText: String { String(decoding: errors, as: UTF8.self) }
  /// Complete lines of standard output.
  public var outputLines: [String] { Self.lines(output) }

  private static func lines(_ data: Data) -> [String] {
    var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    lines.removeLast()  // the unfinished line (empty after a final newline)
    return lines
  }

  private func startReading(_ descriptor: Int32, errors: Bool) {
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { bl_child_read(descriptor, $0.baseAddress, UInt($0.count)) }
        if count <= 0 { break }
        state.withLock {
          if errors {
            $0.errors.append(contentsOf: buffer[0..<count])
          } else {
            $0.output.append(contentsOf: buffer[0..<count])
          }
        }
      }
      close(descriptor)
      state.withLock {
        if errors { $0.errorsClosed = true } else { $0.outputClosed = true }
      }
    }
  }

  // MARK: Exit

  private func startReaping() {
    let pid = pid
    Thread.detachNewThread { [self] in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      let signal = status & 0x7f
      let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
      state.withLock { $0.status = code }
    }
  }

  /// The exit status once the child has exited: its code, or 128 + the signal that ended it.
  public var exitStatus: Int32? { state.withLock { $0.status } }

  public var isRunning: Bool { exitStatus == nil }

  /// Waits (without blocking a thread) for the child to exit and for its output to end; after
  /// `timeout` — a hang guard, generous on purpose — kills it and throws.
  public func waitForExit(timeout: Duration = .seconds(120)) async throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    var drainDeadline: ContinuousClock.Instant?
    while true {
      let (status, drained) = state.withLock { ($0.status, $0.outputClosed && $0.errorsClosed) }
      if let status {
        // Output that something the child started still holds open is not waited for long.
        let drainBy = drainDeadline ?? ContinuousClock.now + .seconds(5)
        drainDeadline = drainBy
        if drained || ContinuousClock.now >= drainBy { return status }
      } else if ContinuousClock.now >= deadline {
        killGroup()
        throw Failure("process \(pid) did not exit within \(timeout): \(errorText.suffix(2000))")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  public func signal(_ number: Int32) {
    if isRunning { _ = kill(pid, number) }
  }

  /// SIGKILL to the child's process group: the child and whatever it started and left there.
  /// (Once the child is reaped, the group may still hold its children; the group id stays
  /// reserved while any member lives, so this cannot hit an unrelated process group.)
  public func killGroup() {
    _ = kill(-pid, SIGKILL)
  }

  /// Waits until `predicate` holds for the output so far; false at the deadline or once the
  /// child's output ended without it.
  public func waitForOutput(
    timeout: Duration = .seconds(60), errors: Bool = false, _ predicate: (String) -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let (text, closed) = state.withLock {
        (String(decoding: errors ? $0.errors : $0.output, as: UTF8.self), errors ? $0.errorsClosed : $0.outputClosed)
      }
      if predicate(text) { return true }
      if closed { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return false
  }
}

extension TestChild {
  /// Where `tool` is on PATH (or the usual folders), if installed.
  public static func locate(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
    return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
