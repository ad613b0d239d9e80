import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared
import Foundation

/// Playlists in SQLite; track IDs as a JSON array; share links remembered per user.
public struct SQLitePlaylistStore: PlaylistStore {
  let access: SQLiteAccess

  public func insert(_ playlist: Playlist) async throws {
    let tracks = try StringListColumn.encode(playlist.trackIds)
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO playlists (id, owner_id, name, description, is_public, share_token, track_ids, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, .text(playlist.id), SQLiteValue(playlist.ownerId), .text(playlist.name), .text(playlist.description),
        .integer(playlist.isPublic ? 1 : 0), SQLiteValue(playlist.shareToken), .text(tracks),
        .integer(playlist.createdAt), .integer(playlist.updatedAt))
    }
  }

  public func update(_ playlist: Playlist) async throws {
    let tracks = try StringListColumn.encode(playlist.trackIds)
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE playlists SET name = ?, description = ?, is_public = ?, share_token = ?, track_ids = ?, updated_at = ?
        WHERE id = ?
        """, .text(playlist.name), .text(playlist.description), .integer(playlist.isPublic ? 1 : 0),
        SQLiteValue(playlist.shareToken), .text(tracks), .integer(playlist.updatedAt), .text(playlist.id))
      // A revoked link no longer lists the playlist for those who opened it.
      if playlist.shareToken == nil {
        try connection.execute("DELETE FROM playlist_links WHERE playlist_id = ?", .text(playlist.id))
      }
    }
  }

  public func delete(id: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM playlists WHERE id = ?", .text(id))
    }
  }

  public func playlist(id: String) async throws -> Playlist? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id WHERE p.id = ?", .text(id)
      ).flatMap(Playlist.init(row:))
    }
  }

  public func playlist(shareToken: String) async throws -> Playlist? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id WHERE p.share_token = ?",
        .text(shareToken)
      ).flatMap(Playlist.init(row:))
    }
  }

  public func playlists(ownedBy userID: Int) async throws -> [Playlist] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id
        WHERE p.owner_id = ? ORDER BY p.name COLLATE NOCASE, p.created_at
        """, SQLiteValue(userID)
      ).compactMap(Playlist.init(row:))
    }
  }

  public func sharedPlaylists(for userID: Int) async throws -> [Playlist] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id
        WHERE p.owner_id != ? AND (p.is_public = 1 OR p.id IN (SELECT playlist_id FROM playlist_links WHERE user_id = ?))
        ORDER BY p.name COLLATE NOCASE, p.created_at
        """, SQLiteValue(userID), SQLiteValue(userID)
      ).compactMap(Playlist.init(row:))
    }
  }

  public func rememberLink(userID: Int, playlistID: String) async throws {
    try await access.write { connection in
      try connection.execute(
        "INSERT OR IGNORE INTO playlist_links (user_id, playlist_id) VALUES (?, ?)", SQLiteValue(userID),
        .text(playlistID))
    }
  }
}
