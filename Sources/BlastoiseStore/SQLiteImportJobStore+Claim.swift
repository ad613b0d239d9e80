import BlastoiseCore

/// One process uses the file: a job is claimed by moving it out of `queued`.
extension SQLiteImportJobStore {
  public func claim(id: String, at time: Int64) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET status = 'downloading', updated_at = ? WHERE id = ? AND status = 'queued'",
        .integer(time), .text(id))
      return connection.changes == 1
    }
  }
}
