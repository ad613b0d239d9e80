import BlastoiseCore
import Dispatch
import Synchronization

/// Waits on the calling thread for async work. Only for libmicrohttpd's own threads, whose
/// callbacks must answer before they return (the preflight before an upload body); never call
/// it from the Swift concurrency pool, whose threads the work itself needs. libmicrohttpd has one
/// thread per core, so the wait is bounded: past `limit` the caller is told "try again" (503)
/// rather than every connection stalling behind a slow store.
enum ThreadBlockingWait {
  static func result<T: Sendable>(
    limit: Duration = .seconds(5), of work: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, any Error>?>(nil)
    Task {
      let result: Result<T, any Error>
      do { result = .success(try await work()) } catch { result = .failure(error) }
      outcome.withLock { $0 = result }
      done.signal()
    }
    let (seconds, attoseconds) = limit.components
    let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    guard done.wait(timeout: deadline) == .success else {
      throw CoreError(.unavailable, "The server is busy; try again")
    }
    // Set before the signal, so it is there.
    return try outcome.withLock { $0 ?? .failure(CancellationError()) }.get()
  }
}
