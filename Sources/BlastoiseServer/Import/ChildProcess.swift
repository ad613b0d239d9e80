import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tool started with posix_spawn (`bl_spawn`): an argument vector, never a shell, in a process
/// group of its own so that signalling the group also reaches what the tool started (yt-dlp's
/// ffmpeg). Standard input is /dev/null, the working directory `/`.
///
/// Not Foundation's `Process`: on Linux its `run()` failed with EBADF, and once crashed inside
/// memcpy, when several threads started processes at the same moment.
final class ChildProcess: @unchecked Sendable {
  struct StartError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
  }

  let pid: pid_t
  /// The tool's standard output and standard error, closed when these handles go away.
  let output: FileHandle
  let errors: FileHandle
  private let lock = NSLock()
  private var exited = false

  init(executable: String, arguments: [String], environment: [String: String]) throws(StartError) {
    var spawned = bl_spawned()
    let code = withCStringArray([executable] + arguments) { argv in
      withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { envp in
        bl_spawn(executable, argv, envp, &spawned)
      }
    }
    guard code == 0 else { throw StartError(code: code) }
    pid = spawned.pid
    output = FileHandle(fileDescriptor: spawned.output, closeOnDealloc: true)
    errors = FileHandle(fileDescriptor: spawned.errors, closeOnDealloc: true)
  }

  /// Blocks until the tool exits and reaps it: its exit code, or 128 + the signal that ended it.
  func waitForExit() -> Int32 {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    // Exited but not yet reaped, so the pid cannot belong to anyone else; from here on no signal
    // goes to it.
    lock.withLock { exited = true }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// SIGKILL to the tool's process group, unless the tool has exited.
  func killGroup() {
    lock.withLock {
      if !exited { _ = Glibc.kill(-pid, SIGKILL) }
    }
  }
}

/// Calls `body` with a NULL-terminated array of C strings (an argv or envp).
private func withCStringArray<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
  let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
