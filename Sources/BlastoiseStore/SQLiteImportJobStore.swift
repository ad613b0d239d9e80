import BlastoiseCore
import BlastoiseStoreShared
import Foundation

/// URL import jobs in SQLite, in queue order (`position`), with the owner's name and role joined in.
public struct SQLiteImportJobStore: ImportJobStore {
  let access: SQLiteAccess

  public func insert(_ jobs: [ImportJobRecord]) async throws {
    try await access.write { connection in
      for job in jobs {
        try connection.execute(
          """
          INSERT INTO fetch_jobs (id, position, owner_id, url, title, status, error, track_id, playlist_id,
            playlist_index, created_at, updated_at)
          VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM fetch_jobs), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """, .text(job.id), SQLiteValue(job.ownerID), .text(job.url), .text(job.title), .text(job.status.rawValue),
          SQLiteValue(job.error), SQLiteValue(job.trackID), SQLiteValue(job.playlistID),
          SQLiteValue(job.playlistIndex), .integer(job.createdAt), .integer(job.updatedAt))
      }
    }
  }

  public func update(_ job: ImportJobRecord) async throws {
    try await access.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET title = ?, status = ?, error = ?, track_id = ?, updated_at = ? WHERE id = ?",
        .text(job.title), .text(job.status.rawValue), SQLiteValue(job.error), SQLiteValue(job.trackID),
        .integer(job.updatedAt), .text(job.id))
    }
  }

  public func jobs() async throws -> [ImportJobRecord] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT j.*, u.username, u.role FROM fetch_jobs j JOIN users u ON u.id = j.owner_id ORDER BY j.position
        """
      ).compactMap(ImportJobRecord.init(row:))
    }
  }

  public func delete(ids: [String]) async throws {
    try await access.write { connection in
      for id in ids { try connection.execute("DELETE FROM fetch_jobs WHERE id = ?", .text(id)) }
    }
  }

  public func requeueUnfinished(at time: Int64) async throws -> Int {
    try await access.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET status = 'queued', updated_at = ? WHERE status IN ('downloading', 'processing')",
        .integer(time))
      return connection.changes
    }
  }
}
