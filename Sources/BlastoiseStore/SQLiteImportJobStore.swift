import BlastoiseCore
import Foundation

/// URL import jobs in SQLite, in queue order (`position`), with the owner's name and role joined in.
public struct SQLiteImportJobStore: ImportJobStore {
  private let database: SQLiteDatabase

  public init(database: SQLiteDatabase) {
    self.database = database
  }

  public func insert(_ jobs: [ImportJobRecord]) throws {
    try database.write { connection in
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

  public func update(_ job: ImportJobRecord) throws {
    try database.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET title = ?, status = ?, error = ?, track_id = ?, updated_at = ? WHERE id = ?",
        .text(job.title), .text(job.status.rawValue), SQLiteValue(job.error), SQLiteValue(job.trackID),
        .integer(job.updatedAt), .text(job.id))
    }
  }

  public func jobs() throws -> [ImportJobRecord] {
    try database.read { connection in
      try connection.query(
        """
        SELECT j.*, u.username, u.role FROM fetch_jobs j JOIN users u ON u.id = j.owner_id ORDER BY j.position
        """
      ).compactMap(Self.job)
    }
  }

  public func delete(ids: [String]) throws {
    try database.write { connection in
      for id in ids { try connection.execute("DELETE FROM fetch_jobs WHERE id = ?", .text(id)) }
    }
  }

  public func requeueUnfinished(at time: Int64) throws -> Int {
    try database.write { connection in
      try connection.execute(
        "UPDATE fetch_jobs SET status = 'queued', updated_at = ? WHERE status IN ('downloading', 'processing')",
        .integer(time))
      return connection.changes
    }
  }

  private static func job(_ row: SQLiteRow) -> ImportJobRecord? {
    guard let id = row.string("id"), let owner = row.int("owner_id"), let url = row.string("url"),
      let status = row.string("status").flatMap(ImportJobStatus.init(rawValue:)),
      let role = row.string("role").flatMap(Role.init(rawValue:))
    else { return nil }
    return ImportJobRecord(
      id: id, ownerID: owner, ownerName: row.string("username") ?? "", ownerRole: role, url: url,
      title: row.string("title") ?? "", status: status, error: row.string("error"), trackID: row.string("track_id"),
      playlistID: row.string("playlist_id"), playlistIndex: row.int("playlist_index"),
      createdAt: row.int64("created_at") ?? 0, updatedAt: row.int64("updated_at") ?? 0)
  }
}
