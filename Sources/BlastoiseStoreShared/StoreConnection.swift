/// A backend's connection inside one read or write, as the shared stores use it: one statement a
/// call, `$1`, `$2`… parameters, rows as `StoreRow`s. `SQLiteConnection` and `PostgresConnection`
/// are the two; each is valid only inside the closure that handed it out.
public protocol StoreConnection {
  /// Runs one statement, discarding any rows; returns how many rows an INSERT, UPDATE or DELETE
  /// changed.
  @discardableResult
  func execute(_ sql: StoreSQL, values: [StoreValue]) throws -> Int
  /// Runs one statement and returns all its rows.
  func query(_ sql: StoreSQL, values: [StoreValue]) throws -> [StoreRow]
  /// Runs one statement and returns its first row, or nil.
  func queryOne(_ sql: StoreSQL, values: [StoreValue]) throws -> StoreRow?
  /// Runs the statements in order and returns each one's rows (none for one that returns none),
  /// for statements that do not wait on each other's answers: PostgreSQL sends them all before
  /// reading any answer (libpq's pipeline mode, one round trip for the batch); SQLite, in this
  /// process, runs them one by one. The first failure is thrown, as `execute` throws it, and the
  /// statements after it do not run; inside a read or write, the whole transaction fails with it.
  @discardableResult
  func runBatch(_ batch: [StoreStatement]) throws -> [[StoreRow]]
  /// The few words this backend's SQL says its own way.
  var dialect: any SQLDialect { get }
}

extension StoreConnection {
  @discardableResult
  public func execute(_ sql: StoreSQL, _ values: StoreValue...) throws -> Int {
    try execute(sql, values: values)
  }

  public func query(_ sql: StoreSQL, _ values: StoreValue...) throws -> [StoreRow] {
    try query(sql, values: values)
  }

  public func queryOne(_ sql: StoreSQL, _ values: StoreValue...) throws -> StoreRow? {
    try queryOne(sql, values: values)
  }
}

/// How a shared store reaches its backend: `write` runs its closure in a transaction that may
/// write, `read` in one that only reads (each its own transaction, or a step of the
/// `Storage.transaction` the access belongs to). Failures that mean something to the domain leave
/// as `CoreError`s.
public protocol StoreAccess: Sendable {
  associatedtype Connection: StoreConnection
  @discardableResult
  func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
  @discardableResult
  func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
}

/// Where the two backends' SQL says the same thing in other words; everything else is written once.
/// Each fragment is SQL to interpolate into a `StoreSQL`.
public protocol SQLDialect: Sendable {
  /// A subquery of one text column: the strings of the JSON array bound as `parameter` (a list
  /// bound as one value, `StringListColumn`): `… IN (\(dialect.textList("$2")))`.
  func textList(_ parameter: StoreSQL) -> StoreSQL
  /// `expression` (text) for an ORDER BY in byte order: SQLite's own, PostgreSQL's "C" collation.
  func byteOrder(_ expression: StoreSQL) -> StoreSQL
  /// `expression` (text) for an ORDER BY as SQLite's NOCASE orders: ASCII letters folded, then
  /// byte order.
  func asciiCaseFolded(_ expression: StoreSQL) -> StoreSQL
  /// The `position` a new `fetch_jobs` row takes, at the end of the queue: SQLite's is one more
  /// than the last, PostgreSQL's comes from the column's identity sequence.
  var nextImportPosition: StoreSQL { get }
  /// A condition true when no live node runs the import job `id` (a column): always on SQLite,
  /// whose file one process uses; on PostgreSQL, when no session holds the job's advisory lock
  /// (`PostgresNodeLocks`, held by the node running it until its last state is stored).
  func importJobUnowned(_ id: StoreSQL) -> StoreSQL
  /// What ends a subquery that takes rows for this transaction without waiting for another's:
  /// nothing on SQLite (one writer at a time), `FOR UPDATE SKIP LOCKED` on PostgreSQL.
  var skipLocked: StoreSQL { get }
  /// The column that orders `tracks` as they were first stored: SQLite's rowid, PostgreSQL's
  /// `stored_order` identity.
  var storedOrder: StoreSQL { get }
  /// A condition true when the text `haystack` holds `needle` (both text expressions).
  func contains(_ haystack: StoreSQL, _ needle: StoreSQL) -> StoreSQL
}
