import BlastoiseStoreShared

/// A PostgreSQL database and the pool of connections through which this process uses it.
///
/// Every `read`/`write` is a transaction of its own, and `transaction` spans several steps; all
/// are SERIALIZABLE, so they behave as if run one after another — across nodes too — and one
/// that loses a conflict is run again (`PostgresRetry`). Closures may therefore run more than
/// once: they must do nothing but statements and pure work.
public final class PostgresDatabase: Sendable {
  private let pool: PostgresPool
  private let retry = PostgresRetry()
  /// What the pool connects with (a node's room link opens its own connection with the same).
  let settings: PostgresSettings

  private init(settings: PostgresSettings) {
    self.settings = settings
    pool = PostgresPool(settings: settings)
  }

  /// Opens the pool's first connection, so a wrong URL or an unreachable server fails here.
  public static func connect(_ settings: PostgresSettings) async throws -> PostgresDatabase {
    let database = PostgresDatabase(settings: settings)
    do {
      try await database.pool.withLane { lane in try await lane.start { _ in } }
    } catch {
      await database.close()
      throw error
    }
    return database
  }

  /// Runs `body` in one transaction that may write; on any error, rolls back and rethrows it.
  @discardableResult
  public func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await perform(.serializable, body)
  }

  /// Runs `body` in a read-only transaction: one consistent snapshot, and writes are refused.
  @discardableResult
  public func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await perform(.serializableReadOnly, body)
  }

  /// Runs `body`, which may await between its steps, in one transaction on one connection. A
  /// call to this database's `read`/`write`/`transaction` from inside `body` is refused: it
  /// could wait for locks the transaction holds.
  public func transaction<T>(_ body: (PostgresTransaction) async throws -> T) async throws -> T {
    try TransactionMark.refuseNested(in: ObjectIdentifier(self))
    return try await retry.run {
      try await pool.withLane { lane in
        try await PostgresTransaction(lane: lane, database: ObjectIdentifier(self)).run(body)
      }
    }
  }

  /// Runs `body` outside any transaction (each statement commits on its own): for a statement
  /// that must not widen a transaction, such as a NOTIFY sent after a commit.
  @discardableResult
  func autocommit<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try TransactionMark.refuseNested(in: ObjectIdentifier(self))
    return try await pool.withLane { lane in try await lane.start(body) }
  }

  /// Waits for the work in progress, then closes every connection; later calls fail.
  public func close() async {
    await pool.close()
  }

  func perform<T: Sendable>(
    _ isolation: PostgresIsolation, _ body: @escaping @Sendable (PostgresConnection) throws -> T
  )
    async throws -> T
  {
    try TransactionMark.refuseNested(in: ObjectIdentifier(self))
    return try await retry.run {
      try await pool.withLane { lane in
        try await lane.start { connection in try connection.transaction(isolation) { try body(connection) } }
      }
    }
  }
}
