import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs an external tool (`ChildProcess`: an argument vector, never a shell) and reads its output
/// off the Swift pool. A wall-clock timeout and `kill()` both end the tool's process group with
/// SIGKILL, its children (yt-dlp's ffmpeg) included.
final class ToolProcess: @unchecked Sendable {
  struct Outcome: Sendable {
    /// The exit code, 128 + the signal that ended the tool, or -1 when it could not start.
    var status: Int32
    /// Standard output, when collected (up to the limit).
    var output: Data
    /// The last lines of standard error, for error messages.
    var errorTail: [String]
    var timedOut: Bool
    var killed: Bool
    var outputTooLarge: Bool
  }

  private let lock = NSLock()
  private var child: ChildProcess?
  private var killedByRequest = false
  private var timedOut = false
  private var outputTooLarge = false

  /// Held while a tool starts; code that opens descriptors without close-on-exec in one step
  /// holds it until the flag is set.
  static let spawnLock = NSLock()

  private static let timers = DispatchQueue(label: "tool-process-timers")

  /// Ends the tool (and its children) now; `run` then returns with `killed`.
  func kill() {
    lock.withLock { killedByRequest = true }
    signalGroup()
  }

  /// Runs to the end. `onLine` sees each line of standard output and standard error (from a
  /// reader thread); standard output is also collected when `collectOutputLimit` > 0 — past it
  /// the tool is killed.
  func run(
    executable: String, arguments: [String], environment: [String: String], timeoutSeconds: Double,
    collectOutputLimit: Int = 0, onLine: (@Sendable (String) -> Void)? = nil
  ) async -> Outcome {
    // Plain threads, not a dispatch queue: each run blocks three threads for its whole life, and
    // a starved dispatch pool would leave a pipe unread and the tool stuck.
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          returning: self.runBlocking(
            executable: executable, arguments: arguments, environment: environment, timeoutSeconds: timeoutSeconds,
            collectOutputLimit: collectOutputLimit, onLine: onLine))
      }
    }
  }

  private func runBlocking(
    executable: String, arguments: [String], environment: [String: String], timeoutSeconds: Double,
    collectOutputLimit: Int, onLine: (@Sendable (String) -> Void)?
  ) -> Outcome {
    let child: ChildProcess
    do {
      child = try lock.withLock { () throws -> ChildProcess in
        guard !killedByRequest else { throw CancellationError() }
        let started = try Self.spawnLock.withLock {
          try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        }
        // Below the server's own threads, so rooms stay on time while yt-dlp and its ffmpeg
        // work (children inherit it).
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(started.pid), 10)
        self.child = started
        return started
      }
    } catch {
      return Outcome(
        status: -1, output: Data(), errorTail: ["cannot start \(executable): \(error)"], timedOut: false,
        killed: error is CancellationError, outputTooLarge: false)
    }
    let timer = DispatchSource.makeTimerSource(queue: Self.timers)
    timer.schedule(deadline: .now() + timeoutSeconds)
    timer.setEventHandler { [self] in
      lock.withLock { timedOut = true }
      signalGroup()
    }
    timer.resume()

    let group = DispatchGroup()
    let collected = LockedData()
    let tail = LockedLines(keep: 20)
    group.enter()
    Thread.detachNewThread { [self] in
      readLines(child.output) { line, raw in
        if collectOutputLimit > 0, !collected.append(raw, limit: collectOutputLimit) {
          lock.withLock { outputTooLarge = true }
          signalGroup()
        }
        if let line { onLine?(line) }
      }
      group.leave()
    }
    group.enter()
    Thread.detachNewThread {
      readLines(child.errors) { line, _ in
        if let line {
          tail.append(line)
          onLine?(line)
        }
      }
      group.leave()
    }
    let status = child.waitForExit()
    // The pipes close when the last writer (a child of the tool, perhaps) is gone.
    _ = group.wait(timeout: .now() + 5)
    timer.cancel()
    return lock.withLock {
      Outcome(
        status: status, output: collected.data, errorTail: tail.lines, timedOut: timedOut, killed: killedByRequest,
        outputTooLarge: outputTooLarge)
    }
  }

  private func signalGroup() {
    lock.withLock { child }?.killGroup()
  }
}

/// Reads a pipe to its end, handing over each line (split on \n or \r) and each raw chunk.
private func readLines(_ handle: FileHandle, _ body: (String?, Data) -> Void) {
  var pending = Data()
  var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    // read(2), not FileHandle.availableData: that traps (ending the whole server) on any read
    // error, EINTR from a signal handler included.
    let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    if count <= 0 { break }
    let chunk = Data(buffer[0..<count])
    body(nil, chunk)
    pending.append(chunk)
    while let end = pending.firstIndex(where: { $0 == 10 || $0 == 13 }) {
      let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
      pending.removeSubrange(pending.startIndex...end)
      if !line.isEmpty { body(line, Data()) }
    }
    if pending.count > 64 << 10 { pending.removeAll() }  // a "line" this long is not progress
  }
  if !pending.isEmpty { body(String(decoding: pending, as: UTF8.self), Data()) }
}

private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var buffer = Data()
  var data: Data { lock.withLock { buffer } }

  /// False once the limit is passed (the extra bytes are dropped).
  func append(_ chunk: Data, limit: Int) -> Bool {
    lock.withLock {
      guard buffer.count + chunk.count <= limit else { return false }
      buffer.append(chunk)
      return true
    }
  }
}

private final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String] = []
  private let keep: Int
  init(keep: Int) { self.keep = keep }
  var lines: [String] { lock.withLock { kept } }
  func append(_ line: String) {
    lock.withLock {
      kept.append(line)
      if kept.count > keep { kept.removeFirst(kept.count - keep) }
    }
  }
}
