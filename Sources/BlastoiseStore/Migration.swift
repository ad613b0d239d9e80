import BlastoiseStoreShared
import CSQLite

/// SQLite's side of `Migration` (shared with PostgreSQL): a file records how far it got in
/// `PRAGMA user_version`, and `PRAGMA foreign_keys` changes are no-ops inside a migration.
extension SQLiteDatabase {
  /// Applies every migration newer than the file's `user_version`, all in one `BEGIN IMMEDIATE`
  /// transaction that also sets `user_version`: either all pending steps land, or none does.
  ///
  /// Throws `.schemaTooNew` if the file is at a version beyond the last migration given.
  public func migrate(_ migrations: [Migration]) throws(StoreError) {
    if let problem = Migration.problem(in: migrations) { throw StoreError(.migration, problem) }
    let newest = migrations.last?.version ?? 0
    try acquire()
    defer { release() }
    // IMMEDIATE before reading user_version, so two processes cannot both apply the same step.
    try handle.executeInternal("BEGIN IMMEDIATE")
    do throws(StoreError) {
      let current = try handle.userVersion()
      guard current <= newest else {
        throw StoreError(
          .schemaTooNew,
          "\(path) is at schema version \(current) but this build knows only versions up to "
            + "\(newest); it was written by a newer Blastoise and using it could corrupt it. "
            + "Run the newer version or restore a backup.")
      }
      let pending = migrations.filter { $0.version > current }
      for m in pending {
        do throws(StoreError) {
          try handle.exec(m.text)
        } catch {
          throw StoreError(
            .migration, "migration \(m.version) \"\(m.name)\" failed: \(error.message)",
            sqliteCode: error.sqliteCode)
        }
      }
      if !pending.isEmpty {
        if let violation = try handle.firstForeignKeyViolation() {
          throw StoreError(.migration, "migrations left a foreign key violation: \(violation)")
        }
        // PRAGMA takes no parameters; the value is an Int we own, not caller text.
        try handle.exec("PRAGMA user_version = \(newest)")
      }
      try handle.executeInternal("COMMIT")
    } catch {
      handle.rollbackIfActive()
      throw error
    }
  }
}

extension SQLiteHandle {
  func userVersion() throws(StoreError) -> Int {
    try run("PRAGMA user_version", [], readOnly: false) { stmt throws(StoreError) in
      try step(stmt, "PRAGMA user_version") ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }
  }

  /// "table rowid N → parent" for the first row breaking a foreign key, or nil.
  func firstForeignKeyViolation() throws(StoreError) -> String? {
    try run("PRAGMA foreign_key_check", [], readOnly: false) { stmt throws(StoreError) in
      guard try step(stmt, "PRAGMA foreign_key_check") else { return nil }
      let row = self.row(stmt, columns(of: stmt))
      return "\(row.string("table") ?? "?") rowid \(row.int64("rowid").map(String.init) ?? "?") "
        + "→ \(row.string("parent") ?? "?")"
    }
  }
}
