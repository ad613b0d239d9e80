import BlastoiseCore
import Dispatch
import Synchronization

/// Where one database's blocking SQLite work runs: a serial queue of its own (never the Swift
/// concurrency pool, which has one thread per core — a write waiting on `fsync` there would stall
/// every request and socket), behind an `AsyncGate` that keeps a multi-step transaction's
/// statements together.
final class SQLiteRunner: Sendable {
  /// Marks the task running a transaction body, so a call from it to the outer storage is
  /// refused instead of waiting forever for the gate the transaction holds.
  struct Transaction: Sendable, Equatable {
    let runner: ObjectIdentifier
    let number: UInt64
  }

  @TaskLocal static var current: Transaction?

  private let queue: DispatchQueue
  private let gate = AsyncGate()
  /// The transaction holding the gate now, if any.
  private let open = Mutex<(next: UInt64, current: UInt64?)>((1, nil))

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `body` on the queue and waits for it without blocking a pool thread.
  func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlockingWork.run(on: queue, body)
  }

  /// Runs `body` (a whole transaction in one closure) alone on the queue.
  func exclusive<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try refuseNested()
    return try await gate.withLock { try await run(body) }
  }

  /// Runs `body` on the queue as one step of `transaction`; refused once that transaction has
  /// ended, so a storage that escaped its transaction cannot slip writes into a later one.
  func run<T: Sendable>(in transaction: Transaction, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await run {
      guard self.open.withLock({ $0.current }) == transaction.number else {
        throw StoreError.misuse("a transaction's storage was used after that transaction had ended")
      }
      return try body()
    }
  }

  /// Holds the gate for `body`, which may await between its statements; `begin` and `end` run on
  /// the queue around it (`end(true)` commits, `end(false)` rolls back). `body` is handed the
  /// transaction its steps belong to.
  func transaction<T: Sendable>(
    begin: @escaping @Sendable () throws -> Void, end: @escaping @Sendable (Bool) throws -> Void,
    _ body: (Transaction) async throws -> T
  ) async throws -> T {
    try refuseNested()
    return try await gate.withLock {
      let number = open.withLock { state in
        defer { state.next += 1 }
        state.current = state.next
        return state.next
      }
      defer { open.withLock { $0.current = nil } }
      try await run(begin)
      do {
        let transaction = Transaction(runner: ObjectIdentifier(self), number: number)
        let result = try await Self.$current.withValue(transaction) { try await body(transaction) }
        try await run { try end(true) }
        return result
      } catch {
        _ = try? await run { try end(false) }
        throw error
      }
    }
  }

  private func refuseNested() throws(StoreError) {
    guard let marked = Self.current, marked.runner == ObjectIdentifier(self),
      open.withLock({ $0.current }) == marked.number
    else { return }
    throw StoreError(
      .nestedAccess,
      "the outer storage was called from inside its own transaction; use the storage the transaction hands you")
  }
}
