import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/playlists…`: own playlists, edits by position, share links and copies.
struct PlaylistRoutes: Sendable {
  let playlists: PlaylistService
  let auth: RequestAuthenticator

  // Each handler asks for the principal in a statement of its own, never inside another awaited
  // call's arguments: the nested form crashed the release build's optimizer (swift-frontend
  // signal 11 splitting an async route closure, Swift 6.3.1).
  func register(on router: inout Router) {
    // Each handler binds its principal first: with the check nested in the call's arguments, Swift
    // 6.3.1's release build crashed splitting these closures' coroutines (LLVM CoroSplit, swifterror).
    router.on(.get, APIRoute.playlists.pattern) { request in
      let principal = try await auth.require(.listen, for: request)
      return .json(try await playlists.bundle(for: principal))
    }
    router.on(.post, APIRoute.playlists.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      let body = try request.decodeJSON(NameAndDescription.self)
      return .json(
        try await playlists.create(
          name: try RoomNames.name(body.name), description: try RoomNames.description(body.description),
          by: principal))
    }
    router.on(.get, APIRoute.sharedPlaylist.pattern) { request in
      let principal = try await auth.require(.listen, for: request)
      return .json(try await playlists.open(link: request.pathParameter("token"), by: principal))
    }
    router.on(.post, APIRoute.rememberSharedPlaylist.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      return .json(try await playlists.remember(link: request.pathParameter("token"), by: principal))
    }
    router.on(.post, APIRoute.sharedPlaylist.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      return .json(try await playlists.copy(link: request.pathParameter("token"), by: principal))
    }
    router.on(.get, APIRoute.playlist.pattern) { request in
      let principal = try await auth.require(.listen, for: request)
      return .json(try await playlists.visible(request.pathParameter("id"), to: principal))
    }
    router.on(.patch, APIRoute.playlist.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      let changes = try request.decodeJSON(PlaylistChanges.self)
      return .json(
        try await playlists.change(
          request.pathParameter("id"), name: try RoomNames.nameIfSent(changes.name),
          description: try RoomNames.descriptionIfSent(changes.description),
          isPublic: changes.isPublic, by: principal))
    }
    router.on(.delete, APIRoute.playlist.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      try await playlists.delete(request.pathParameter("id"), by: principal)
      return .json(SuccessResponse())
    }
    router.on(.patch, APIRoute.playlistTracks.pattern, body: RoomRoutes.queueBody) { request in
      let principal = try await auth.require(.create, for: request)
      let edit = try ListEdits.edit(from: try request.decodeJSON(ListEditRequest.self))
      return .json(try await playlists.edit(request.pathParameter("id"), edit, by: principal))
    }
    router.on(.post, APIRoute.playlistShare.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      return .json(try await playlists.share(request.pathParameter("id"), by: principal))
    }
    router.on(.delete, APIRoute.playlistShare.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      return .json(try await playlists.revokeShare(request.pathParameter("id"), by: principal))
    }
  }
}
