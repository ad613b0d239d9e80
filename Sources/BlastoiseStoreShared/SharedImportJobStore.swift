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
        """
        UPDATE fetch_jobs SET title = $1, status = $2, error = $3, track_id = $4, updated_at = $5, progress = $7
        WHERE id = $6
        """, .text(job.title), .text(job.status.rawValue), StoreValue(job.error), StoreValue(job.trackID),
        .integer(job.updatedAt), .text(job.id), .integer(Int64(min(max(job.progress, 0), 100))))
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

  /// Only jobs whose node is gone (`SQLDialect.importJobUnowned`).
  public func requeueUnfinished(at time: Int64) async throws -> Int {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE fetch_jobs SET status = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'queued' END,
          updated_at = $1
        WHERE status IN ('downloading', 'processing') AND \(connection.dialect.importJobUnowned("fetch_jobs.id"))
        """, .integer(time))
    }
  }

  /// The row is read with the dialect's `skipLocked`: on PostgreSQL nodes claiming at once never
  /// wait for each other's claim — a node finds the job taken (or, once that commits, not
  /// queued) and moves on.
  public func claim(id: String, at time: Int64) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE fetch_jobs SET status = 'downloading', updated_at = $1
        WHERE id = (SELECT id FROM fetch_jobs WHERE id = $2 AND status = 'queued' \(connection.dialect.skipLocked))
        """, .integer(time), .text(id)) == 1
    }
  }

  public func requestCancel(id: String) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET cancel_requested = TRUE WHERE id = $1 AND status IN ('downloading', 'processing')",
        .text(id)) == 1
    }
  }

  public func cancelRequested(among ids: [String]) async throws -> [String] {
    guard !ids.isEmpty else { return [] }
    let list = try StringListColumn.encode(ids)
    return try await access.read { connection in
      try connection.query(
        "SELECT id FROM fetch_jobs WHERE cancel_requested AND id IN (\(connection.dialect.textList("$1")))",
        .text(list)
      ).compactMap { $0.string("id") }
    }
  }
}
