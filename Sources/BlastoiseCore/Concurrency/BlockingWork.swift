import Dispatch

/// Blocking work — SQLite statements, libpq's waits on its socket, file walks, hashing, C calls —
/// runs on a Dispatch queue of its own and is awaited, never run on the Swift concurrency pool:
/// that pool has one thread per core (two here), so one thread waiting on a disk would stall every
/// request and socket.
public enum BlockingWork {
  public static func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try body() }) }
    }
  }
}
