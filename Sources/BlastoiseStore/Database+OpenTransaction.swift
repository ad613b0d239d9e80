/// A transaction kept open across several closures, for `Storage.transaction`, whose body awaits
/// between statements. The `SQLiteRunner`'s gate keeps every other caller out meanwhile; each
/// step still takes the database's lock, so the handle is never touched by two threads at once.
extension SQLiteDatabase {
  func beginTransaction() throws(StoreError) {
    try acquire()
    defer { release() }
    try handle.executeInternal("BEGIN IMMEDIATE")
  }

  /// Runs `body` inside the transaction `beginTransaction` opened.
  func continueTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try acquire()
    defer { release() }
    guard handle.inTransaction else {
      throw StoreError.misuse("the transaction was rolled back by SQLite during an earlier step")
    }
    let connection = SQLiteConnection(handle: handle, readOnly: false)
    defer { connection.invalidate() }
    return try body(connection)
  }

  /// Commits (or rolls back) what `beginTransaction` opened; a failed commit rolls back.
  func endTransaction(commit: Bool) throws(StoreError) {
    try acquire()
    defer { release() }
    guard commit else { return handle.rollbackIfActive() }
    guard handle.inTransaction else {
      throw StoreError.misuse("the transaction was rolled back by SQLite during an earlier step")
    }
    do throws(StoreError) {
      try handle.executeInternal("COMMIT")
    } catch {
      handle.rollbackIfActive()
      throw error
    }
  }
}
