import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// `/api/channels…`: rooms, playback control, queue edits, and the room socket.
struct RoomRoutes: Sendable {
  let directory: RoomDirectory
  let auth: RequestAuthenticator
  let socket: RoomSocketHandler

  /// Queue bodies may list many IDs (10,000 × ~75 bytes); everything else is small.
  static let queueBody = BodyPolicy.json(maxBytes: 1 << 20)

  func register(on router: inout Router) {
    // The seed's Android app starts its (guest) session here rather than at /api/auth/me.
    router.on(.get, APIRoute.rooms.pattern) { request in
      let (principal, guest) = try await auth.principalOrGuest(for: request)
      let listener = try AccessPolicy.require(.listen, of: principal)
      var response = HTTPResponse.json(await directory.list(for: listener))
      if let guest {
        SessionCookie.issue(
          guest.token, maxAge: auth.accounts.lifetime.cookieMaxAge, secure: auth.proxy.isSecure(request),
          on: &response)
      }
      return response
    }
    router.on(.post, APIRoute.rooms.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.create, for: request)
      let body = try request.decodeJSON(NameAndDescription.self)
      let name = try RoomNames.name(body.name)
      return .json(
        try await directory.create(
          name: name, description: try RoomNames.description(body.description), owner: principal))
    }
    router.on(.get, APIRoute.room.pattern) { request in
      let principal = try await auth.require(.listen, for: request)
      // With `?invite=` a client checks an invite link before it opens the room's socket.
      let room = try await room(request)
      let invited = RoomAccessRule.mayEnter(principal, await room.record, invite: request.query["invite"])
      let inside = await room.admits(principal)
      guard invited || inside else { throw CoreError(.notFound, RoomAccessRule.refusal) }
      return .json(await room.state(includeQueue: false, viewer: principal))
    }
    router.on(.patch, APIRoute.room.pattern, body: .smallJSON) { request in
      let (room, principal) = try await editableRoom(request)
      let body = try request.decodeJSON(RoomUpdateRequest.self)
      let mode = try RoomNames.controlModeIfSent(body.controlMode)
      let djs = try RoomNames.djsIfSent(body.djs)
      var name = try RoomNames.nameIfSent(body.name)
      if let asked = name {
        name = await directory.distinctName(asked, for: principal, besides: request.pathParameter("id"))
      }
      try await room.update(
        name: name, description: try RoomNames.descriptionIfSent(body.description), mode: mode, djs: djs)
      if mode != nil || djs != nil { await room.tell(.settingsChanged, by: principal) }
      if let isPrivate = body.isPrivate { try await room.setPrivate(isPrivate, by: principal) }
      return .json(await room.info())
    }
    router.on(.post, APIRoute.roomInvite.pattern, body: .smallJSON) { request in
      let (room, principal) = try await editableRoom(request)
      return .json(RoomInviteResponse(inviteToken: try await room.renewInvite(by: principal)))
    }
    router.on(.delete, APIRoute.room.pattern, body: .smallJSON) { request in
      _ = try await editableRoom(request)
      try await directory.delete(request.pathParameter("id"))
      return .json(SuccessResponse())
    }
    router.on(.post, APIRoute.roomJump.pattern, body: .smallJSON) { request in
      let (room, principal) = try await controllableRoom(request, .control)
      let index = try request.decodeJSON(JumpRequest.self).index
      try await room.jump(to: index)
      await room.tell(.jumped(to: index), by: principal)
      return .json(SuccessResponse())
    }
    router.on(.post, APIRoute.roomSeek.pattern, body: .smallJSON) { request in
      let (room, principal) = try await controllableRoom(request, .control)
      let timestamp = try request.decodeJSON(SeekRequest.self).timestamp
      try await room.seek(to: timestamp)
      await room.tell(.seeked(to: timestamp), by: principal)
      return .json(SuccessResponse())
    }
    router.on(.post, APIRoute.roomMode.pattern, body: .smallJSON) { request in
      let (room, principal) = try await controllableRoom(request, .control)
      let raw = try request.decodeJSON(ModeRequest.self).mode
      guard let mode = PlaybackMode(rawValue: raw) else {
        throw CoreError.invalid("'mode' must be once, repeat-all, repeat-one or shuffle")
      }
      try await room.setMode(mode)
      await room.tell(.modeChanged(mode), by: principal)
      return .json(ModeResponse(playbackMode: mode.rawValue))
    }
    router.on(.patch, APIRoute.roomQueue.pattern, body: Self.queueBody) { request in
      let (room, principal) = try await controllableRoom(request, .editQueue)
      let edit = try ListEdits.edit(from: try request.decodeJSON(ListEditRequest.self))
      let length = try await room.edit(edit, by: principal)
      await room.tell(.queueEdited(edit), by: principal)
      return .json(QueueResponse(queueLength: length))
    }
    router.on(.get, APIRoute.roomSocket.pattern) { request in
      let principal = try await auth.require(.listen, for: request)
      let id = request.pathParameter("id")
      guard let room = await directory.room(id) else { throw CoreError(.notFound, "No such room") }
      guard RoomAccessRule.mayEnter(principal, await room.record, invite: request.query["invite"]) else {
        throw CoreError(.notFound, RoomAccessRule.refusal)
      }
      return try WebSocketUpgrade.response(for: request) { connection in
        socket.open(connection, principal: principal, room: id)
      }
    }
  }

  private func room(_ request: HTTPRequest) async throws -> RoomActor {
    guard let room = await directory.room(request.pathParameter("id")) else {
      throw CoreError(.notFound, "No such room")
    }
    return room
  }

  /// A private room is there only for its members and those in it now (`RoomActor.admits`).
  private func room(_ request: HTTPRequest, seenBy principal: Principal) async throws -> RoomActor {
    let room = try await room(request)
    guard await room.admits(principal) else { throw CoreError(.notFound, RoomAccessRule.refusal) }
    return room
  }

  /// The permission, then the room's control mode (`RoomControlRule`): 403 saying why.
  private func controllableRoom(_ request: HTTPRequest, _ permission: Permission) async throws -> (
    RoomActor, Principal
  ) {
    let principal = try await auth.require(permission, for: request)
    let room = try await room(request, seenBy: principal)
    let action: RoomControlRule.Action = permission == .editQueue ? .editQueue : .playback
    if let refusal = RoomControlRule.refusal(of: action, by: principal, in: await room.record) {
      throw CoreError(.forbidden, refusal)
    }
    return (room, principal)
  }

  /// Renaming, settings and deleting: the room's owner or an admin.
  private func editableRoom(_ request: HTTPRequest) async throws -> (RoomActor, Principal) {
    let principal = try await auth.require(.create, for: request)
    let room = try await room(request)
    guard principal.mayEdit(ownedBy: await room.record.createdBy) else {
      throw CoreError(.forbidden, "Only the room's owner or an admin may change it")
    }
    return (room, principal)
  }
}

/// Names and descriptions of rooms and playlists.
enum RoomNames {
  static func name(_ raw: String?) throws(CoreError) -> String {
    let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...80).contains(name.count) else { throw CoreError.invalid("'name' must be 1–80 characters") }
    return name
  }

  static func description(_ raw: String?) throws(CoreError) -> String {
    let text = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.count <= 500 else { throw CoreError.invalid("'description' must be at most 500 characters") }
    return text
  }

  // For edits, where an absent field stays as it is. Plain ifs, not Optional.map with a
  // typed-throws closure: that form crashed the release build's optimizer (swift-frontend
  // signal 11 splitting the async route closure, Swift 6.3.1).
  static func nameIfSent(_ raw: String?) throws(CoreError) -> String? {
    guard let raw else { return nil }
    return try name(raw)
  }

  static func descriptionIfSent(_ raw: String?) throws(CoreError) -> String? {
    guard let raw else { return nil }
    return try description(raw)
  }

  static func controlModeIfSent(_ raw: String?) throws(CoreError) -> RoomControlMode? {
    guard let raw else { return nil }
    guard let mode = RoomControlMode(rawValue: raw) else {
      throw CoreError.invalid("'controlMode' must be everyone, djs or owner")
    }
    return mode
  }

  /// DJs are user IDs (account IDs start at 1), at most 100.
  static func djsIfSent(_ raw: [Int]?) throws(CoreError) -> [Int]? {
    guard let raw else { return nil }
    guard raw.count <= 100, raw.allSatisfy({ $0 > 0 }) else {
      throw CoreError.invalid("'djs' must be at most 100 user IDs")
    }
    return raw
  }
}

/// A `set`/`add`/`remove`/`move` body → one `QueueEdit` (exactly one operation).
enum ListEdits {
  static func edit(from body: ListEditRequest) throws(CoreError) -> QueueEdit {
    var edits: [QueueEdit] = []
    if let ids = body.set { edits.append(.set(ids)) }
    if let ids = body.add { edits.append(.add(ids, insertAt: body.insertAt)) }
    if let positions = body.remove { edits.append(.remove(positions)) }
    if let positions = body.move {
      guard let target = body.to else { throw CoreError.invalid("'move' needs 'to'") }
      edits.append(.move(positions, to: target))
    }
    guard edits.count == 1, let edit = edits.first else {
      throw CoreError.invalid("Send exactly one of 'set', 'add', 'remove' or 'move'")
    }
    if body.insertAt != nil, body.add == nil { throw CoreError.invalid("'insertAt' goes with 'add'") }
    if body.to != nil, body.move == nil { throw CoreError.invalid("'to' goes with 'move'") }
    return edit
  }
}
