import BlastoiseProtocol

/// `/api/playlists…`: own playlists, edits by position, share links and copies.
extension BlastoiseAPI {
  public func playlists() async throws(BlastoiseClientError) -> PlaylistBundle {
    try await send("GET", APIRoute.playlists.path(), as: PlaylistBundle.self)
  }

  public func createPlaylist(name: String, description: String? = nil) async throws(BlastoiseClientError) -> Playlist {
    try await send(
      "POST", APIRoute.playlists.path(), json: NameAndDescription(name: name, description: description),
      as: Playlist.self)
  }

  public func playlist(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("GET", APIRoute.playlist.path(id), as: Playlist.self)
  }

  public func updatePlaylist(_ id: String, name: String? = nil, description: String? = nil, isPublic: Bool? = nil)
    async throws(BlastoiseClientError) -> Playlist
  {
    try await send(
      "PATCH", APIRoute.playlist.path(id),
      json: PlaylistChanges(name: name, description: description, isPublic: isPublic),
      as: Playlist.self)
  }

  public func deletePlaylist(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", APIRoute.playlist.path(id))
  }

  public func editPlaylistTracks(_ id: String, _ edit: QueueEdit) async throws(BlastoiseClientError) -> Playlist {
    try await send("PATCH", APIRoute.playlistTracks.path(id), json: ListEditRequest(edit), as: Playlist.self)
  }

  /// Makes a share link; the answer's `shareToken` opens it.
  public func sharePlaylist(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", APIRoute.playlistShare.path(id), as: Playlist.self)
  }

  public func revokeShare(_ id: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("DELETE", APIRoute.playlistShare.path(id), as: Playlist.self)
  }

  /// Opens a share link; nothing changes on the server.
  public func sharedPlaylist(token: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("GET", APIRoute.sharedPlaylist.path(token), as: Playlist.self)
  }

  /// Lists a share link's playlist under one's `shared` playlists.
  public func rememberSharedPlaylist(token: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", APIRoute.rememberSharedPlaylist.path(token), as: Playlist.self)
  }

  /// Copies a shared playlist into one's own.
  public func copySharedPlaylist(token: String) async throws(BlastoiseClientError) -> Playlist {
    try await send("POST", APIRoute.sharedPlaylist.path(token), as: Playlist.self)
  }
}
