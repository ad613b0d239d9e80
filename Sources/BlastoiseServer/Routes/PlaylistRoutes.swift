import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/playlists…`: own playlists, edits by position, share links and copies.
struct PlaylistRoutes: Sendable {
  let playlists: PlaylistService
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    router.on(.get, "/api/playlists") { request in
      .json(try playlists.bundle(for: try auth.require(.listen, for: request)))
    }
    router.on(.post, "/api/playlists", body: .smallJSON) { request in
      let principal = try auth.require(.create, for: request)
      let body = try request.decodeJSON(NameAndDescription.self)
      return .json(
        try playlists.create(
          name: try RoomNames.name(body.name), description: try RoomNames.description(body.description),
          by: principal))
    }
    router.on(.get, "/api/playlists/shared/:token") { request in
      .json(try playlists.open(link: request.pathParameter("token"), by: try auth.require(.listen, for: request)))
    }
    router.on(.post, "/api/playlists/shared/:token", body: .smallJSON) { request in
      .json(try playlists.copy(link: request.pathParameter("token"), by: try auth.require(.create, for: request)))
    }
    router.on(.get, "/api/playlists/:id") { request in
      .json(try playlists.visible(request.pathParameter("id"), to: try auth.require(.listen, for: request)))
    }
    router.on(.patch, "/api/playlists/:id", body: .smallJSON) { request in
      let principal = try auth.require(.create, for: request)
      let changes = try request.decodeJSON(PlaylistChanges.self)
      return .json(
        try playlists.change(
          request.pathParameter("id"),
          name: try changes.name.map { name throws(CoreError) in try RoomNames.name(name) },
          description: try changes.description.map { text throws(CoreError) in try RoomNames.description(text) },
          isPublic: changes.isPublic, by: principal))
    }
    router.on(.delete, "/api/playlists/:id", body: .smallJSON) { request in
      try playlists.delete(request.pathParameter("id"), by: try auth.require(.create, for: request))
      return .json(SuccessResponse())
    }
    router.on(.patch, "/api/playlists/:id/tracks", body: RoomRoutes.queueBody) { request in
      let principal = try auth.require(.create, for: request)
      let edit = try ListEdits.edit(from: try request.decodeJSON(ListEditRequest.self))
      return .json(try playlists.edit(request.pathParameter("id"), edit, by: principal))
    }
    router.on(.post, "/api/playlists/:id/share", body: .smallJSON) { request in
      .json(try playlists.share(request.pathParameter("id"), by: try auth.require(.create, for: request)))
    }
    router.on(.delete, "/api/playlists/:id/share", body: .smallJSON) { request in
      .json(try playlists.revokeShare(request.pathParameter("id"), by: try auth.require(.create, for: request)))
    }
  }
}
