import BlastoiseCore

/// URL import jobs, in either backend, in queue order (`position`), with the owner's name and
/// role joined in.
public struct SharedImportJobStore<Access: StoreAccess>: ImportJobStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  /// Each at the end of the queue (`SQLDialect.nextImportPosition`).
  public func insert(_ jobs: [ImportJobRecord]) async throws {
    try await access.write { connection in
      for job in jobs {
        try connection.execute(
          """
          INSERT INTO fetch_jobs (id, position, owner_id, url, title, status, error, track_id, playlist_id,
            playlist_index, created_at, updated_at)
          VALUES ($1, \(connection.dialect.nextImportPosition), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
          """, .text(job.id), StoreValue(job.ownerID), .text(job.url), .text(job.title), .text(job.status.rawValue),
          StoreValue(job.error), StoreValue(job.trackID), StoreValue(job.playlistID), StoreValue(job.playlistIndex),
          .integer(job.createdAt), .integer(job.updatedAt))
      }
    }
  }

  public func update(_ job: ImportJobRecord) async throws {
    try await access.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET title = $1, status = $2, error = $3, track_id = $4, updated_at = $5 WHERE id = $6",
        .text(job.title), .text(job.status.rawValue), StoreValue(job.error), StoreValue(job.trackID),
        .integer(job.updatedAt), .text(job.id))
    }
  }

  public func jobs() async throws -> [ImportJobRecord] {
    try await access.read { connection in
      try connection.query(
        "SELECT j.*, u.username, u.role FROM fetch_jobs j JOIN users u ON u.id = j.owner_id ORDER BY j.position"
      ).compactMap(ImportJobRecord.init(row:))
    }
  }

  public func delete(ids: [String]) async throws {
    guard !ids.isEmpty else { return }
    let list = try StringListColumn.encode(ids)
    try await access.write { connection in
      try connection.execute(
        "DELETE FROM fetch_jobs WHERE id IN (\(connection.dialect.textList("$1")))", .text(list))
    }
  }

  /// Only jobs whose node is gone: a live node holds the job's lock (`PostgresNodeLocks`, keyed
  /// `hashtext(schema/import/<id>)`) until the job's last state is stored.
  public func requeueUnfinished(at time: Int64) async throws -> Int {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE fetch_jobs SET status = 'queued', updated_at = $1
        WHERE status IN ('downloading', 'processing') AND NOT EXISTS (
          SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = $2
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND objid::bigint = hashtext(current_schema() || '/import/' || fetch_jobs.id)::bigint & 4294967295)
        """, .integer(time), .integer(Int64(PostgresNodeLocks.lockClass)))
    }
  }
}
