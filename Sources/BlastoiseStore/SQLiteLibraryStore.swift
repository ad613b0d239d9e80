import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared
import Foundation

/// The library in SQLite: `tracks` by content hash, `track_files` by path.
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
    let now = Int64(Date().timeIntervalSince1970)
    try await access.write { connection in
      for track in scanned {
        try connection.execute(
          """
          INSERT INTO tracks (
            id, filename, title, artist, album, duration, replay_gain_db, replay_peak, added_at, cover_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(id) DO UPDATE SET title = excluded.title, artist = excluded.artist, album = excluded.album,
            duration = excluded.duration, replay_gain_db = excluded.replay_gain_db, replay_peak = excluded.replay_peak,
            -- The same bytes at a second path whose folder has no image keep the cover found.
            cover_id = coalesce(excluded.cover_id, cover_id)
          """, .text(track.trackID), .text(LibraryPaths.filename(of: track.file.path)), SQLiteValue(track.title),
          SQLiteValue(track.artist), SQLiteValue(track.album), .real(track.duration), SQLiteValue(track.replayGainDb),
          SQLiteValue(track.replayPeak), .integer(now), SQLiteValue(track.coverID))
        try connection.execute(
          """
          INSERT INTO track_files (path, track_id, size, modified_ns, present) VALUES (?, ?, ?, ?, 1)
          ON CONFLICT(path) DO UPDATE SET track_id = excluded.track_id, size = excluded.size,
            modified_ns = excluded.modified_ns, present = 1
          """, .text(track.file.path), .text(track.trackID), .integer(track.file.size), .integer(track.file.modified))
      }
      for path in missing {
        try connection.execute("UPDATE track_files SET present = 0 WHERE path = ?", .text(path))
      }
    }
  }

  public func tracks() async throws -> [Track] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT t.*, EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = t.id AND f.present = 1) AS available
        FROM tracks t
        ORDER BY coalesce(t.artist, '') COLLATE NOCASE, coalesce(t.album, '') COLLATE NOCASE,
          coalesce(t.title, t.filename) COLLATE NOCASE
        """
      ).compactMap(Track.init(row:))
    }
  }

  public func track(id: String) async throws -> Track? {
    try await access.read { connection in
      try connection.queryOne(
        """
        SELECT t.*, EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = t.id AND f.present = 1) AS available
        FROM tracks t WHERE t.id = ?
        """, .text(id)
      ).flatMap(Track.init(row:))
    }
  }

  public func filePath(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT path FROM track_files WHERE track_id = ? AND present = 1 LIMIT 1", .text(id)
      )?.string("path")
    }
  }
}
