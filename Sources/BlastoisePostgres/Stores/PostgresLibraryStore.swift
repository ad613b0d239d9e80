import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared
import Foundation

/// The library in PostgreSQL: `tracks` by content hash, `track_files` by path (byte order).
public struct PostgresLibraryStore: LibraryStore {
  let access: PostgresAccess

  public func knownFiles(under root: String) async throws -> (files: [String: LibraryFile], present: Set<String>) {
    let range = LibraryPaths.range(under: root)
    let rows = try await access.read { connection in
      try connection.query(
        "SELECT path, size, modified_ns, present FROM track_files WHERE path >= $1 AND path < $2",
        .text(range.lower), .text(range.upper))
    }
    return LibraryFile.known(from: rows)
  }

  public func apply(scanned: [ScannedTrack], missing: [String]) async throws {
    let now = Int64(Date().timeIntervalSince1970)
    let absent = try StringListColumn.encode(missing)
    try await access.write { connection in
      for track in scanned {
        try connection.execute(
          """
          INSERT INTO tracks (
            id, filename, title, artist, album, duration, replay_gain_db, replay_peak, added_at, cover_id)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
          ON CONFLICT (id) DO UPDATE SET title = excluded.title, artist = excluded.artist, album = excluded.album,
            duration = excluded.duration, replay_gain_db = excluded.replay_gain_db, replay_peak = excluded.replay_peak,
            -- The same bytes at a second path whose folder has no image keep the cover found.
            cover_id = coalesce(excluded.cover_id, tracks.cover_id)
          """, .text(track.trackID), .text(LibraryPaths.filename(of: track.file.path)), StoreValue(track.title),
          StoreValue(track.artist), StoreValue(track.album), .real(track.duration), StoreValue(track.replayGainDb),
          StoreValue(track.replayPeak), .integer(now), StoreValue(track.coverID))
        try connection.execute(
          """
          INSERT INTO track_files (path, track_id, size, modified_ns, present) VALUES ($1, $2, $3, $4, TRUE)
          ON CONFLICT (path) DO UPDATE SET track_id = excluded.track_id, size = excluded.size,
            modified_ns = excluded.modified_ns, present = TRUE
          """, .text(track.file.path), .text(track.trackID), .integer(track.file.size), .integer(track.file.modified))
      }
      try connection.execute(
        "UPDATE track_files SET present = FALSE WHERE path IN (SELECT jsonb_array_elements_text($1::jsonb))",
        .text(absent))
    }
  }

  /// Ordered as SQLite's NOCASE orders: ASCII letters folded, then bytes.
  public func tracks() async throws -> [Track] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT t.*, EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = t.id AND f.present) AS available
        FROM tracks t
        ORDER BY lower(coalesce(t.artist, '') COLLATE "C"), lower(coalesce(t.album, '') COLLATE "C"),
          lower(coalesce(t.title, t.filename) COLLATE "C")
        """
      ).compactMap(Track.init(row:))
    }
  }

  public func track(id: String) async throws -> Track? {
    try await access.read { connection in
      try connection.queryOne(
        """
        SELECT t.*, EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = t.id AND f.present) AS available
        FROM tracks t WHERE t.id = $1
        """, .text(id)
      ).flatMap(Track.init(row:))
    }
  }

  public func filePath(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT path FROM track_files WHERE track_id = $1 AND present LIMIT 1", .text(id)
      )?.string("path")
    }
  }
}
