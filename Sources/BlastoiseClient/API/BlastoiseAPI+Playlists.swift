import BlastoiseProtocol

/// `/api/playlists…`: own playlists, edits by position, share links and copies.
extension BlastoiseAPI {
  public func playlists() async throws(BlastoiseClientError) -> PlaylistBundle {
    try await send("GET", "/api/playlists", as: PlaylistBundle.self)
  }

  public func createPlaylist(name: String, description: String? = nil) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", "/api/playlists", json: NameBody(name: name, description: description), as: Playlist.self)
  }

  public func playlist(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("GET", Self.playlistPath(id), as: Playlist.self)
  }

  public func updatePlaylist(_ id: String, name: String? = nil, description: String? = nil, isPublic: Bool? = nil)
    async throws(BlastoiseClientError) -> Playlist
  {
    try await send(
      "PATCH", Self.playlistPath(id),
      json: PlaylistChangesBody(name: name, description: description, isPublic: isPublic),
      as: Playlist.self)
  }

  public func deletePlaylist(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", Self.playlistPath(id))
  }

  public func editPlaylistTracks(_ id: String, _ edit: ListEdit) async throws(BlastoiseClientError) -> Playlist {
    try await send("PATCH", Self.playlistPath(id) + "/tracks", json: edit, as: Playlist.self)
  }

  /// Makes a share link; the answer's `shareToken` opens it.
  public func sharePlaylist(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", Self.playlistPath(id) + "/share", as: Playlist.self)
  }

  public func revokeShare(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("DELETE", Self.playlistPath(id) + "/share", as: Playlist.self)
  }

  /// Opens a share link (the playlist is then listed under `shared`).
  public func sharedPlaylist(token: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("GET", "/api/playlists/shared/" + Self.segment(token), as: Playlist.self)
  }

  /// Copies a shared playlist into one's own.
  public func copySharedPlaylist(token: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", "/api/playlists/shared/" + Self.segment(token), as: Playlist.self)
  }

  static func playlistPath(_ id: String) -> String { "/api/playlists/" + segment(id) }
}
