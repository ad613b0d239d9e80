import BlastoiseCore
import BlastoiseProtocol

/// Playlists, in either backend; track IDs as a JSON array; share links remembered per user.
public struct SharedPlaylistStore<Access: StoreAccess>: PlaylistStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func insert(_ playlist: Playlist) async throws {
    let tracks = try StringListColumn.encode(playlist.trackIds)
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO playlists (id, owner_id, name, description, is_public, share_token, track_ids, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        """, .text(playlist.id), StoreValue(playlist.ownerId), .text(playlist.name), .text(playlist.description),
        StoreValue(playlist.isPublic), StoreValue(playlist.shareToken), .text(tracks), .integer(playlist.createdAt),
        .integer(playlist.updatedAt))
    }
  }

  public func update(_ playlist: Playlist) async throws {
    let tracks = try StringListColumn.encode(playlist.trackIds)
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE playlists SET name = $1, description = $2, is_public = $3, share_token = $4, track_ids = $5,
          updated_at = $6
        WHERE id = $7
        """, .text(playlist.name), .text(playlist.description), StoreValue(playlist.isPublic),
        StoreValue(playlist.shareToken), .text(tracks), .integer(playlist.updatedAt), .text(playlist.id))
      // A revoked link no longer lists the playlist for those who opened it.
      if playlist.shareToken == nil {
        try connection.execute("DELETE FROM playlist_links WHERE playlist_id = $1", .text(playlist.id))
      }
    }
  }

  public func delete(id: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM playlists WHERE id = $1", .text(id))
    }
  }

  public func playlist(id: String) async throws -> Playlist? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id WHERE p.id = $1", .text(id)
      ).flatMap(Playlist.init(row:))
    }
  }

  public func playlist(shareToken: String) async throws -> Playlist? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id WHERE p.share_token = $1",
        .text(shareToken)
      ).flatMap(Playlist.init(row:))
    }
  }

  /// By name with ASCII letters folded (SQLite's NOCASE), then by age.
  public func playlists(ownedBy userID: Int) async throws -> [Playlist] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id
        WHERE p.owner_id = $1 ORDER BY \(connection.dialect.asciiCaseFolded("p.name")), p.created_at
        """, StoreValue(userID)
      ).compactMap(Playlist.init(row:))
    }
  }

  public func sharedPlaylists(for userID: Int) async throws -> [Playlist] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT p.*, u.username FROM playlists p JOIN users u ON u.id = p.owner_id
        WHERE p.owner_id != $1
          AND (p.is_public = TRUE OR p.id IN (SELECT playlist_id FROM playlist_links WHERE user_id = $1))
        ORDER BY \(connection.dialect.asciiCaseFolded("p.name")), p.created_at
        """, StoreValue(userID)
      ).compactMap(Playlist.init(row:))
    }
  }

  public func rememberLink(userID: Int, playlistID: String) async throws {
    try await access.write { connection in
      try connection.execute(
        "INSERT INTO playlist_links (user_id, playlist_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        StoreValue(userID), .text(playlistID))
    }
  }
}
