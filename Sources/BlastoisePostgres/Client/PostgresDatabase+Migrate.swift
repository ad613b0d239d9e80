import BlastoiseStoreShared

extension PostgresDatabase {
  /// Applies every migration newer than what `schema_migrations` records, all in one transaction
  /// that first takes an advisory lock for the schema: nodes starting at once apply each step
  /// exactly once (the others wait, then find nothing left). Running it again is a no-op.
  ///
  /// Throws `.schemaTooNew` when the database records a version beyond the last one given.
  ///
  /// A node waits for the lock as long as another node's migration takes (the lock timeout is
  /// off for that one wait: on a large library a step may take minutes); the steps themselves
  /// keep the configured timeout.
  public func migrate(_ migrations: [Migration]) async throws {
    if let problem = Migration.problem(in: migrations) { throw PostgresError(.migration, problem) }
    _ = try await perform(.readCommitted) { connection in
      let lockTimeout = try connection.queryOne("SELECT current_setting('lock_timeout') AS t")?.string("t") ?? "0"
      try connection.execute("SELECT set_config('lock_timeout', '0', true)")
      try connection.execute(
        "SELECT pg_advisory_xact_lock(hashtext('blastoise.migrate'), hashtext(current_schema()))")
      try connection.execute("SELECT set_config('lock_timeout', $1, true)", .text(lockTimeout))
      try connection.run(
        script: """
          CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
          )
          """)
      let current =
        try connection.queryOne("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations")?
        .int("version") ?? 0
      let newest = migrations.last?.version ?? 0
      guard current <= newest else {
        throw PostgresError(
          .schemaTooNew,
          "the database is at schema version \(current) but this build knows only versions up to \(newest); "
            + "it was migrated by a newer Blastoise. Run the newer version or restore a backup.")
      }
      for migration in migrations where migration.version > current {
        do throws(PostgresError) {
          try connection.run(script: migration.text)
        } catch {
          throw PostgresError(
            .migration, "migration \(migration.version) \"\(migration.name)\" failed: \(error.message)",
            sqlState: error.sqlState)
        }
        try connection.execute(
          "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", .integer(Int64(migration.version)),
          .text(migration.name))
      }
    }
  }
}
