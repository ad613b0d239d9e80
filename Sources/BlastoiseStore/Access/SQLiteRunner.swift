import BlastoiseCore
import BlastoiseStoreShared
import BlastoiseSync
import Dispatch

/// Where one database's blocking SQLite work runs: a serial queue of its own (never the Swift
/// concurrency pool, which has one thread per core — a write waiting on `fsync` there would stall
/// every request and socket), behind an `AsyncGate` that keeps a multi-step transaction's
/// statements together.
final class SQLiteRunner: Sendable {
  private let queue: DispatchQueue
  private let gate = AsyncGate()

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `body` on the queue and waits for it without blocking a pool thread.
  func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlockingWork.run(on: queue, body)
  }

  /// Runs `body` (a whole transaction in one closure) alone on the queue.
  func exclusive<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try TransactionMark.refuseNested(in: ObjectIdentifier(self))
    return try await gate.withLock { try await run(body) }
  }

  /// Runs `body` on the queue as one step of `transaction`; refused once that transaction has
  /// ended, so a storage that escaped its transaction cannot slip writes into a later one.
  func run<T: Sendable>(in transaction: TransactionMark, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await run {
      try transaction.checkOpen()
      return try body()
    }
  }

  /// Holds the gate for `body`, which may await between its statements; `begin` and `end` run on
  /// the queue around it (`end(true)` commits, `end(false)` rolls back). `body` is handed the
  /// transaction its steps belong to.
  func transaction<T: Sendable>(
    begin: @escaping @Sendable () throws -> Void, end: @escaping @Sendable (Bool) throws -> Void,
    _ body: (TransactionMark) async throws -> T
  ) async throws -> T {
    try TransactionMark.refuseNested(in: ObjectIdentifier(self))
    return try await gate.withLock {
      try await run(begin)
      let transaction = TransactionMark(backend: ObjectIdentifier(self))
      do {
        let result = try await transaction.run { try await body(transaction) }
        try await run { try end(true) }
        return result
      } catch {
        _ = try? await run { try end(false) }
        throw error
      }
    }
  }
}
