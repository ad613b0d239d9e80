#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex that reports re-locking by its owner instead of deadlocking.
///
/// Why not `Synchronization.Mutex`/`NSLock`: relocking either of those from the owning thread
/// hangs forever (nested `write` would freeze the server silently), and `Mutex` needs macOS 15
/// while the package targets macOS 14. A POSIX `PTHREAD_MUTEX_ERRORCHECK` mutex returns EDEADLK
/// in exactly that case, which we turn into `StoreError.nestedAccess`.
final class ReentrancyCheckingLock: @unchecked Sendable {
  // Heap-allocated: a pthread mutex must not move in memory once initialised.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    var attr = pthread_mutexattr_t()
    pthread_mutexattr_init(&attr)
    pthread_mutexattr_settype(&attr, Int32(PTHREAD_MUTEX_ERRORCHECK))
    let rc = pthread_mutex_init(mutex, &attr)
    pthread_mutexattr_destroy(&attr)
    precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Blocks until the lock is held. Returns false, without locking, if this thread already holds it.
  func lock() -> Bool {
    let rc = pthread_mutex_lock(mutex)
    if rc == EDEADLK { return false }
    precondition(rc == 0, "pthread_mutex_lock failed: \(rc)")
    return true
  }

  func unlock() {
    let rc = pthread_mutex_unlock(mutex)
    precondition(rc == 0, "pthread_mutex_unlock failed: \(rc)")
  }
}
