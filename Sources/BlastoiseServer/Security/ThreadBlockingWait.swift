import Dispatch
import Synchronization

/// Waits on the calling thread for async work. Only for libmicrohttpd's own threads, whose
/// callbacks must answer before they return (the preflight before an upload body); never call
/// it from the Swift concurrency pool, whose threads the work itself needs.
enum ThreadBlockingWait {
  static func result<T: Sendable>(of work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, any Error>?>(nil)
    Task {
      let result: Result<T, any Error>
      do { result = .success(try await work()) } catch { result = .failure(error) }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    // Set before the signal, so it is there.
    return try outcome.withLock { $0 ?? .failure(CancellationError()) }.get()
  }
}
