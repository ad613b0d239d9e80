import CSQLite

/// The connection as seen inside one `SQLiteDatabase.read`/`write` closure.
///
/// Valid only during that closure: it is deliberately not Sendable, and once the closure returns
/// every call throws `.misuse` instead of touching SQLite without the database's lock.
///
/// SQL is a `StaticString`, so it cannot be built by interpolation: values go through `?`
/// parameters only. For a variable-length list, bind one JSON array and write
/// `… IN (SELECT value FROM json_each(?))`.
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

  private func checkValid() throws(StoreError) {
    guard isValid else {
      throw .misuse("SQLiteConnection used outside the read/write closure that provided it")
    }
  }
}

// Not Sendable on purpose: it must never leave the thread running the closure.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
