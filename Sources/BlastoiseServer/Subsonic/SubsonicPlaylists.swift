import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// The five playlist endpoints over the web app's playlists (`PlaylistService`): the caller's
/// own and those shared with them; only owners (and admins) change one.
struct SubsonicPlaylists: Sendable {
  let playlists: PlaylistService
  let library: SubsonicLibrary

  var endpoints: [String: SubsonicEndpoint] {
    [
      "getPlaylists": .answer { call in
        let bundle = try await playlists.bundle(for: call.caller)
        return SubsonicElement("playlists", children: [.list("playlist", (bundle.mine + bundle.shared).map(element))])
      },
      "getPlaylist": .answer { call in
        try await withSongs(try await playlists.visible(try call.parameters.required("id"), to: call.caller), call)
      },
      "createPlaylist": .answer(.create) { call in
        let songs = call.parameters.strings("songId")
        if let id = call.parameters.string("playlistId") {
          return try await withSongs(try await playlists.edit(id, .set(songs), by: call.caller), call)
        }
        let name = try call.parameters.required("name")
        return try await withSongs(
          try await playlists.create(name: name, description: "", trackIDs: songs, by: call.caller), call)
      },
      "updatePlaylist": .answer(.create) { call in
        let parameters = call.parameters
        let id = try parameters.required("playlistId")
        let name = parameters.string("name")
        let comment = parameters.string("comment")
        let isPublic = try parameters.bool("public")
        if name != nil || comment != nil || isPublic != nil {
          _ = try await playlists.change(id, name: name, description: comment, isPublic: isPublic, by: call.caller)
        }
        let removed = try parameters.positions("songIndexToRemove")
        if !removed.isEmpty { _ = try await playlists.edit(id, .remove(removed), by: call.caller) }
        let added = parameters.strings("songIdToAdd")
        if !added.isEmpty { _ = try await playlists.edit(id, .add(added, insertAt: nil), by: call.caller) }
        return nil
      },
      "deletePlaylist": .answer(.create) { call in
        try await playlists.delete(try call.parameters.required("id"), by: call.caller)
        return nil
      },
    ]
  }

  private func element(_ playlist: Playlist) -> SubsonicElement {
    let duration = playlist.trackIds.reduce(0.0) { $0 + (library.tracks.duration($1) ?? 0) }
    return SubsonicElement(
      "playlist",
      [
        "id": playlist.id, "name": playlist.name, "comment": playlist.description.isEmpty ? nil : playlist.description,
        "owner": playlist.ownerName, "public": playlist.isPublic, "songCount": playlist.trackIds.count,
        "duration": Int(duration.rounded()), "created": SubsonicItems.date(playlist.createdAt),
        "changed": SubsonicItems.date(playlist.updatedAt),
      ])
  }

  /// The playlist and its songs in order (one no longer in the library is left out).
  private func withSongs(_ playlist: Playlist, _ call: SubsonicCall) async throws -> SubsonicElement {
    var element = element(playlist)
    let tracks = playlist.trackIds.compactMap(library.tracks.track)
    element.children = [.list("entry", try await library.songs(tracks, for: call.caller, name: "entry"))]
    return element
  }
}
