import BlastoiseStoreShared
import CSQLite

/// The connection as seen inside one `SQLiteDatabase.read`/`write` closure.
///
/// Valid only during that closure: it is deliberately not Sendable, and once the closure returns
/// every call throws `.misuse` instead of touching SQLite without the database's lock.
///
/// SQL is a `StaticString`, or a `StoreSQL` made of them (the shared stores'), so it cannot be
/// built from runtime values: values go through parameters only, `?` or numbered (`$1`, `?1`),
/// each `$k` bound to the k-th value by its name (`SQLiteParameters`). For a variable-length
/// list, bind one JSON array and write `… IN (SELECT value FROM json_each($1))`.
public final class SQLiteConnection {
  private let handle: SQLiteHandle
  private let readOnly: Bool
  // Only ever touched on the thread running the closure, so a plain Bool suffices.
  private var isValid = true

  init(handle: SQLiteHandle, readOnly: Bool) {
    self.handle = handle
    self.readOnly = readOnly
  }

  func invalidate() { isValid = false }

  /// Runs one statement, discarding any rows it returns.
  public func execute(_ sql: StaticString, _ params: SQLiteValue...) throws(StoreError) {
    try execute(sql, bindings: params)
  }

  /// `execute` with the parameters in an array (values worked out in `BlastoiseStoreShared`).
  public func execute(_ sql: StaticString, bindings params: [SQLiteValue]) throws(StoreError) {
    try checkValid()
    try handle.run(sql, params, readOnly: readOnly) { stmt throws(StoreError) in
      while try handle.step(stmt, sql) {}
    }
  }

  /// Runs one statement and returns all its rows.
  public func query(_ sql: StaticString, _ params: SQLiteValue...) throws(StoreError) -> [SQLiteRow] {
    try checkValid()
    return try handle.run(sql, params, readOnly: readOnly) { stmt throws(StoreError) in
      let columns = handle.columns(of: stmt)
      var rows: [SQLiteRow] = []
      while try handle.step(stmt, sql) { rows.append(handle.row(stmt, columns)) }
      return rows
    }
  }

  /// Runs one statement and returns its first row, or nil; any further rows are not computed.
  public func queryOne(_ sql: StaticString, _ params: SQLiteValue...) throws(StoreError) -> SQLiteRow? {
    try checkValid()
    return try handle.run(sql, params, readOnly: readOnly) { stmt throws(StoreError) in
      guard try handle.step(stmt, sql) else { return nil }
      return handle.row(stmt, handle.columns(of: stmt))
    }
  }

  /// Rowid of the most recent successful INSERT on this connection (0 if none, or if invalid).
  public var lastInsertRowID: Int64 {
    guard isValid, let db = handle.db else { return 0 }
    return sqlite3_last_insert_rowid(db)
  }

  /// Rows changed by the most recent INSERT/UPDATE/DELETE (0 if invalid).
  public var changes: Int {
    guard isValid, let db = handle.db else { return 0 }
    return Int(sqlite3_changes(db))
  }

  /// Runs `sql` on the statement cache's prepared copy, the closure's lock held.
  private func run<R>(
    _ sql: StoreSQL, _ params: [SQLiteValue], _ body: (OpaquePointer) throws(StoreError) -> R
  ) throws(StoreError) -> R {
    try checkValid()
    return try handle.run(sql, params, readOnly: readOnly, body)
  }

  private func checkValid() throws(StoreError) {
    guard isValid else {
      throw .misuse("SQLiteConnection used outside the read/write closure that provided it")
    }
  }
}

extension SQLiteConnection: StoreConnection {
  /// Runs one statement, discarding any rows; returns how many rows an INSERT, UPDATE or DELETE
  /// changed.
  @discardableResult
  public func execute(_ sql: StoreSQL, values: [StoreValue]) throws(StoreError) -> Int {
    try run(sql, values) { stmt throws(StoreError) in
      while try handle.step(stmt, sql) {}
      return changes
    }
  }

  public func query(_ sql: StoreSQL, values: [StoreValue]) throws(StoreError) -> [StoreRow] {
    try run(sql, values) { stmt throws(StoreError) in
      let columns = handle.columns(of: stmt)
      var rows: [SQLiteRow] = []
      while try handle.step(stmt, sql) { rows.append(handle.row(stmt, columns)) }
      return rows
    }
  }

  /// The first row; any further rows are not computed (an INSERT, UPDATE or DELETE … RETURNING
  /// still makes all its changes: SQLite makes them at the first step).
  public func queryOne(_ sql: StoreSQL, values: [StoreValue]) throws(StoreError) -> StoreRow? {
    try run(sql, values) { stmt throws(StoreError) in
      guard try handle.step(stmt, sql) else { return nil }
      return handle.row(stmt, handle.columns(of: stmt))
    }
  }

  /// One statement after the other: SQLite has no round trips to save.
  @discardableResult
  public func runBatch(_ batch: [StoreStatement]) throws(StoreError) -> [[StoreRow]] {
    var rows: [[StoreRow]] = []
    rows.reserveCapacity(batch.count)
    for statement in batch { rows.append(try query(statement.sql, values: statement.values)) }
    return rows
  }

  public var dialect: any SQLDialect { SQLiteDialect() }
}

/// SQLite's words where they are not PostgreSQL's (`SQLDialect`).
struct SQLiteDialect: SQLDialect {
  func textList(_ parameter: StoreSQL) -> StoreSQL { "SELECT value FROM json_each(\(parameter))" }
  /// BINARY, SQLite's default collation, is byte order.
  func byteOrder(_ expression: StoreSQL) -> StoreSQL { expression }
  func asciiCaseFolded(_ expression: StoreSQL) -> StoreSQL { "\(expression) COLLATE NOCASE" }
  var nextImportPosition: StoreSQL { "(SELECT COALESCE(MAX(position), 0) + 1 FROM fetch_jobs)" }
  func importJobUnowned(_ id: StoreSQL) -> StoreSQL { "TRUE" }
  var skipLocked: StoreSQL { "" }
  var storedOrder: StoreSQL { "rowid" }
  func contains(_ haystack: StoreSQL, _ needle: StoreSQL) -> StoreSQL { "instr(\(haystack), \(needle)) > 0" }
}

// Not Sendable on purpose: it must never leave the thread running the closure.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
