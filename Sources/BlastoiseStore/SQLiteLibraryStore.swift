import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared
import Foundation

/// The library in SQLite: `tracks` by content hash, `track_files` by path; every write brings
/// the catalog along (`CatalogRefresh`).
public struct SQLiteLibraryStore: LibraryStore {
  let access: SQLiteAccess

  public func knownFiles(under root: String) async throws -> (files: [String: LibraryFile], present: Set<String>) {
    let range = LibraryPaths.range(under: root)
    let rows = try await access.read { connection in
      try connection.query(
        "SELECT path, size, modified_ns, present FROM track_files WHERE path >= ? AND path < ?", .text(range.lower),
        .text(range.upper))
    }
    return LibraryFile.known(from: rows)
  }

  public func apply(scanned: [ScannedTrack], missing: [String]) async throws {
    guard !scanned.isEmpty || !missing.isEmpty else { return }
    let now = Int64(Date().timeIntervalSince1970)
    try await access.write { connection in
      let statements = SQLiteCatalogStatements(connection: connection)
      var refresh = CatalogRefresh(statements)
      for track in scanned {
        try refresh.willChange(track: track.trackID)
        // The file may have held other bytes before: that track may lose its last present file.
        if let previous = try connection.queryOne(
          "SELECT track_id FROM track_files WHERE path = ?", .text(track.file.path))?.string("track_id")
        {
          try refresh.willChange(track: previous)
        }
        try statements.upsert(track, addedAt: now)
        try connection.execute(
          """
          INSERT INTO track_files (path, track_id, size, modified_ns, present) VALUES (?, ?, ?, ?, 1)
          ON CONFLICT(path) DO UPDATE SET track_id = excluded.track_id, size = excluded.size,
            modified_ns = excluded.modified_ns, present = 1
          """, .text(track.file.path), .text(track.trackID), .integer(track.file.size), .integer(track.file.modified))
      }
      for path in missing {
        for row in try connection.query(
          "UPDATE track_files SET present = 0 WHERE path = ? RETURNING track_id", .text(path))
        {
          if let id = row.string("track_id") { try refresh.willChange(track: id) }
        }
      }
      try refresh.finish()
    }
  }

  public func tracks(offset: Int, limit: Int?) async throws -> Page<Track> {
    try await access.read { connection in
      let tracks = try connection.query(
        "SELECT * FROM track_rows ORDER BY order_key, id LIMIT ? OFFSET ?", .integer(Int64(limit ?? -1)),
        .integer(Int64(offset))
      ).compactMap(Track.init(row:))
      let total = try connection.queryOne("SELECT count(*) AS n FROM tracks")?.int("n") ?? 0
      return Page(items: tracks, total: total, offset: offset, limit: limit ?? tracks.count)
    }
  }

  public func track(id: String) async throws -> Track? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM track_rows WHERE id = ?", .text(id)).flatMap(Track.init(row:))
    }
  }

  public func filePath(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT path FROM track_files WHERE track_id = ? AND present = 1 LIMIT 1", .text(id)
      )?.string("path")
    }
  }

  public func lyrics(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne("SELECT lyrics FROM tracks WHERE id = ?", .text(id))?.string("lyrics")
    }
  }
}
