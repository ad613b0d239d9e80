import CTestChild
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Everything a test run writes to disk lives under one folder per test process,
/// `<tmp>/blastoise-tests-<pid>`. A janitor process (`sh`, reading a pipe only this process can
/// write to) removes the folder when this process ends, however it ends — also when it crashes.
/// Each run also removes the folders of earlier runs whose process is gone.
public enum TestRun {
  /// The run's folder, created (and the janitor started) on first use.
  public static var root: String { state.root }

  /// A fresh folder under the run's root (`prefix-UUID`).
  public static func makeDirectory(_ prefix: String = "tmp") throws -> String {
    let path = root + "/\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs `body` with a fresh folder, removed afterwards (also when `body` throws).
  public static func withDirectory<T>(_ prefix: String = "tmp", _ body: (String) throws -> T) throws -> T {
    let path = try makeDirectory(prefix)
    defer { remove(path) }
    return try body(path)
  }

  public static func withDirectory<T>(
    _ prefix: String = "tmp", isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
  ) async throws -> T {
    let path = try makeDirectory(prefix)
    defer { remove(path) }
    return try await body(path)
  }

  public static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  private static let prefix = "blastoise-tests-"

  private struct State: Sendable {
    let root: String
  }

  private static let state: State = {
    let base = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
    removeLeftovers(in: base)
    let root = base + "/" + prefix + String(getpid())
    try? FileManager.default.removeItem(atPath: root)  // a dead process with our pid
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    startJanitor(root)
    return State(root: root)
  }()

  /// Folders of earlier runs whose test process no longer exists (a janitor that could not run).
  private static func removeLeftovers(in base: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { try? FileManager.default.removeItem(atPath: base + "/" + name) }
    }
  }

  /// `sh` in a session of its own (terminal signals do not reach it), not killed with this
  /// process: it waits for end-of-file on a pipe whose only writer is this process, then removes
  /// the run's folder.
  private static func startJanitor(_ root: String) {
    var lifeline: [Int32] = [-1, -1]
    guard pipe(&lifeline) == 0 else { return }
    // Close-on-exec at once: no other child may hold the write end (spawns go through
    // CTestChild, which closes every inherited descriptor anyway).
    _ = fcntl(lifeline[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(lifeline[1], F_SETFD, FD_CLOEXEC)
    let script = #"trap '' INT TERM HUP PIPE; read -r _; rm -rf -- "$0""#
    var child = bl_child()
    let code = withCStringArray(["/bin/sh", "-c", script, root]) { argv in
      withCStringArray(["PATH=/usr/bin:/bin"]) { envp in
        bl_child_spawn(
          "/bin/sh", argv, envp, "/", Int32(BL_CHILD_NO_PDEATHSIG | BL_CHILD_NEW_SESSION), lifeline[0], &child)
      }
    }
    close(lifeline[0])
    if code != 0 {
      close(lifeline[1])
      return
    }
    // The write end stays open (and unwritten) for the life of this process. The janitor is
    // reaped by init once it is orphaned; until then a thread waits for it here.
    let janitor = child.pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(janitor, &status, 0) < 0, errno == EINTR {}
    }
  }
}

/// Calls `body` with a NULL-terminated array of C strings (an argv or envp).
func withCStringArray<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
  let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
