import BlastoiseCore

/// Nodes claim jobs at once: the row is locked `FOR UPDATE SKIP LOCKED`, so a node never waits
/// for another's claim — it finds the job taken (or, once that commits, not queued) and moves on.
extension PostgresImportJobStore {
  public func claim(id: String, at time: Int64) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE fetch_jobs SET status = 'downloading', updated_at = $1
        WHERE id = (SELECT id FROM fetch_jobs WHERE id = $2 AND status = 'queued' FOR UPDATE SKIP LOCKED)
        """, .integer(time), .text(id)) == 1
    }
  }
}
