import Foundation

/// Starts a child process while holding a lock every test module in this binary shares (an
/// `flock` on one file: separate opens conflict even within a process). Foundation's
/// `Process.run()` on Linux is not safe to call from several threads at once — it crashed the
/// test binary in `memcpy` under parallel tests.
public func launch(_ process: Process) throws {
  let descriptor = open("/tmp/blastoise-test-process-launch.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
  if descriptor >= 0 { flock(descriptor, LOCK_EX) }
  defer {
    if descriptor >= 0 {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }
  try process.run()
}
