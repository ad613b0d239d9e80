import CSQLite

/// The raw `sqlite3*` plus its statement cache. Not thread-safe: `SQLiteDatabase` only touches it
/// while holding its lock.
final class SQLiteHandle {
  private(set) var db: OpaquePointer?
  let cache = StatementCache()
  /// Set by `SQLiteDatabase.close()` when called from inside a read/write closure on the owning
  /// thread; the connection is closed once that closure's transaction has ended.
  var closeRequested = false
  /// BEGIN/COMMIT/ROLLBACK compile only while this is true, i.e. only for the store's own
  /// statements: caller SQL or migrations ending the transaction would break atomicity.
  fileprivate var transactionControlAllowed = false

  init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
    var db: OpaquePointer?
    // NOMUTEX: SQLiteDatabase serializes all use of this connection itself.
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let text = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
      sqlite3_close_v2(db)  // open can hand back a handle even on failure
      throw StoreError(.cannotOpen, "cannot open \(path): \(text)", sqliteCode: rc)
    }
    self.db = db
    sqlite3_extended_result_codes(db, 1)  // so constraint kinds are distinguishable
    sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    // Unretained is fine: the handle outlives the connection it closes in deinit.
    sqlite3_set_authorizer(db, authorize, Unmanaged.passUnretained(self).toOpaque())
    do throws(StoreError) {
      try configure()
    } catch {
      close()
      throw StoreError(.cannotOpen, "cannot open \(path): \(error.message)", sqliteCode: error.sqliteCode)
    }
  }

  deinit { close() }

  private func configure() throws(StoreError) {
    // journal_mode answers with the mode actually in force; it stays e.g. "memory" for :memory:.
    let mode = try queryText("PRAGMA journal_mode=WAL")
    guard mode?.lowercased() == "wal" else {
      throw .misuse("journal_mode=WAL was refused (mode is \(mode ?? "unknown"))")
    }
    try exec("PRAGMA synchronous=FULL")
    // Reads from a shared mapping of the file instead of a read(2) per page: a large library's
    // catalog and search touch many pages, and the page cache already holds them.
    try exec("PRAGMA mmap_size=1073741824")
    try exec("PRAGMA foreign_keys=ON")
    // foreign_keys is silently ignored by builds compiled without foreign-key support.
    guard try queryText("PRAGMA foreign_keys") == "1" else {
      throw .misuse("this SQLite build does not enforce foreign keys")
    }
  }

  var isOpen: Bool { db != nil }

  /// True between BEGIN and COMMIT/ROLLBACK.
  var inTransaction: Bool {
    guard let db else { return false }
    return sqlite3_get_autocommit(db) == 0
  }

  func close() {
    cache.finalizeAll()
    // close_v2 defers the real close if anything is still unfinalized instead of failing.
    if let db { sqlite3_close_v2(db) }
    db = nil
  }

  /// Runs parameterless SQL, possibly several statements, without caching. Internal only: the
  /// text is a literal, a migration, or built from integers, never from caller-supplied values.
  func exec(_ sql: String, allowTransactionControl: Bool = false) throws(StoreError) {
    guard let db else { throw StoreError.closed }
    transactionControlAllowed = allowTransactionControl
    defer { transactionControlAllowed = false }
    var errmsg: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_exec(db, sql, nil, nil, &errmsg)
    defer { sqlite3_free(errmsg) }
    guard rc == SQLITE_OK else {
      let text = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
      throw .sqlite(rc, text: text, sql: sql)
    }
  }

  /// Runs one of the store's own statements (BEGIN, COMMIT…), where transaction control is allowed.
  func executeInternal(_ sql: StaticString) throws(StoreError) {
    transactionControlAllowed = true
    defer { transactionControlAllowed = false }
    try run(sql, [], readOnly: false, privileged: true) { stmt throws(StoreError) in
      while try step(stmt, sql) {}
    }
  }

  /// Rolls back if a transaction is still open. SQLite may already have rolled back by itself
  /// (e.g. after SQLITE_FULL), in which case a second ROLLBACK would fail.
  func rollbackIfActive() {
    if inTransaction { try? exec("ROLLBACK", allowTransactionControl: true) }
  }

  /// The first column of the first row as text.
  private func queryText(_ sql: StaticString) throws(StoreError) -> String? {
    try run(sql, [], readOnly: false) { stmt throws(StoreError) in
      guard try step(stmt, sql) else { return nil }
      return sqlite3_column_text(stmt, 0).map { String(cString: $0) }
    }
  }
}

/// Authorizer consulted while SQLite compiles a statement (including automatic re-preparation).
/// Denied statements fail with SQLITE_AUTH ("not authorized").
private func authorize(
  _ context: UnsafeMutableRawPointer?, _ action: Int32,
  _: UnsafePointer<CChar>?, _: UnsafePointer<CChar>?, _: UnsafePointer<CChar>?, _: UnsafePointer<CChar>?
) -> Int32 {
  guard action == SQLITE_TRANSACTION, let context else { return SQLITE_OK }
  let handle = Unmanaged<SQLiteHandle>.fromOpaque(context).takeUnretainedValue()
  return handle.transactionControlAllowed ? SQLITE_OK : SQLITE_DENY
}
