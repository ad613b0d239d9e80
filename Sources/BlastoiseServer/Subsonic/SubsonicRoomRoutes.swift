import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic
import BlastoiseSync

/// The `listenTogether` extension (ours; `docs/opensubsonic-rooms.md`): rooms for Subsonic apps.
/// An app lists rooms, joins one (it then counts, hears and votes as a listener for a minute,
/// renewed by every call it makes about the room), reads the room's state with the server time
/// it was true at, waits for its next change (`getRoomUpdate`, a long poll), keeps its clock in
/// step (`getServerTime`), controls it and edits its queue as the room's rules allow.
struct SubsonicRoomRoutes: Sendable {
  /// The longest `getRoomUpdate` waits for a change.
  static let longestWait = 30.0
  let directory: RoomDirectory
  let library: SubsonicLibrary
  /// The rooms' clock: `serverTime` is read from it.
  let clock: any WallClock

  var endpoints: [String: SubsonicEndpoint] {
    [
      // `clientTime` (the app's clock when it sent the call) comes back as it was sent.
      "getServerTime": .answer { call in
        SubsonicElement(
          "serverTime",
          ["time": clock.milliseconds(), "clientTime": try call.parameters.int("clientTime")])
      },
      "getRooms": .answer { call in
        var cards: [SubsonicElement] = []
        for info in await directory.list(for: call.caller) {
          var playing: SubsonicElement?
          if let track = info.nowPlaying {
            playing = try await library.songs([track], for: call.caller, name: "nowPlaying").first
          }
          cards.append(SubsonicRooms.card(info, nowPlaying: playing))
        }
        return SubsonicElement("rooms", children: [.list("room", cards)])
      },
      "getRoom": .answer { call in try await state(of: try await visible(call), call) },
      "joinRoom": .answer { call in
        let room = try await visit(call)
        return try await state(of: room, call)
      },
      "leaveRoom": .answer { call in
        let id = try call.parameters.required("id")
        if await directory.visitedRoom(Self.key(call)) == id { await directory.endVisit(Self.key(call)) }
        return nil
      },
      // Following a room is being in it: the app's visit starts or goes on on whichever node answers.
      "getRoomUpdate": .answer { call in
        let room = try await visit(call)
        let seen = try call.parameters.int("seq") ?? -1
        let wait = Double(try call.parameters.int("timeout", in: 0...Int(Self.longestWait)) ?? 20)
        let deadline = ContinuousClock.now + .seconds(wait)
        while await room.seq == seen, ContinuousClock.now < deadline {
          try await Task.sleep(for: .milliseconds(200))
        }
        return try await state(of: room, call)
      },
      "controlRoom": .answer(.control) { call in
        let (room, caller) = try await controllable(call, .playback)
        let parameters = call.parameters
        let activity: RoomActivity
        switch try parameters.required("action") {
        case "pause":
          try await room.pause()
          activity = .paused
        case "play", "resume":
          try await room.resume()
          activity = .resumed
        case "seek":
          let seconds = Double(try parameters.requiredInt("positionMs", in: SubsonicParameters.positionRange)) / 1000
          try await room.seek(to: seconds)
          activity = .seeked(to: seconds)
        case "jump":
          let index = try parameters.requiredInt("index", in: 0...Int(Int32.max))
          try await room.jump(to: index)
          activity = .jumped(to: index)
        case "skip":
          try await room.skip()
          activity = .skipped
        case "mode":
          let name = try parameters.required("mode")
          guard let mode = PlaybackMode(rawValue: name) else {
            throw SubsonicFailure(.generic, "'mode' is once, repeat-all, repeat-one or shuffle")
          }
          try await room.setMode(mode)
          activity = .modeChanged(mode)
        case let action:
          throw SubsonicFailure(
            .generic, "'action' is play, pause, seek, jump, skip or mode, not '\(action.prefix(40))'")
        }
        await room.tell(activity, by: caller)
        return try await state(of: room, call)
      },
      // A vote is from someone in the room: voting puts the app in it (or keeps it there).
      "voteSkipRoom": .answer { call in
        let room = try await visit(call)
        let skipped = try await room.voteSkip(by: call.caller)
        return SubsonicElement("voteSkip", ["skipped": skipped])
      },
      "updateRoomQueue": .answer(.editQueue) { call in
        let (room, caller) = try await controllable(call, .editQueue)
        let parameters = call.parameters
        let removed = try parameters.positions("songIndexToRemove")
        if !removed.isEmpty {
          _ = try await room.edit(.remove(removed), by: caller)
          await room.tell(.queueEdited(.remove(removed)), by: caller)
        }
        let added = parameters.strings("songIdToAdd")
        if !added.isEmpty {
          for id in added { _ = try await library.track(id) }
          let edit = QueueEdit.add(added, insertAt: try parameters.int("insertAt", in: 0...Int(Int32.max)))
          _ = try await room.edit(edit, by: caller)
          await room.tell(.queueEdited(edit), by: caller)
        }
        return try await state(of: room, call)
      },
    ]
  }

  /// Each app of a person (its app password or account, and its client name) is one listener.
  static func key(_ call: SubsonicCall) -> String {
    "subsonic:" + call.caller.sessionID + ":" + String((call.parameters.string("c") ?? "").prefix(100))
  }

  /// Puts the caller's app in room `id` (with `invite` when private), or keeps it there.
  private func visit(_ call: SubsonicCall) async throws -> RoomActor {
    try await directory.visit(
      try call.parameters.required("id"), key: Self.key(call), as: call.caller,
      invite: call.parameters.string("invite"))
  }

  /// The room `id`, when the caller may see it (a private one: a member, someone in it, or with
  /// its `invite`); a visit of the caller's app there is renewed.
  private func visible(_ call: SubsonicCall) async throws -> RoomActor {
    let id = try call.parameters.required("id")
    if await directory.visitedRoom(Self.key(call)) == id {
      return try await directory.visit(id, key: Self.key(call), as: call.caller, invite: nil)
    }
    guard let room = await directory.room(id) else { throw SubsonicFailure(.notFound, "No such room") }
    let invited = RoomAccessRule.mayEnter(call.caller, await room.record, invite: call.parameters.string("invite"))
    let inside = await room.admits(call.caller)
    guard invited || inside else { throw SubsonicFailure(.notFound, RoomAccessRule.refusal) }
    return room
  }

  /// The room, when the room's control mode lets the caller do `action` (error 50 saying why).
  private func controllable(_ call: SubsonicCall, _ action: RoomControlRule.Action) async throws -> (
    RoomActor, Principal
  ) {
    let room = try await visible(call)
    if let refusal = RoomControlRule.refusal(of: action, by: call.caller, in: await room.record) {
      throw SubsonicFailure(.notAuthorized, refusal)
    }
    return (room, call.caller)
  }

  private func state(of room: RoomActor, _ call: SubsonicCall) async throws -> SubsonicElement {
    let state = await room.state(includeQueue: true, viewer: call.caller)
    let entries = try await library.songs(state.queue ?? [], for: call.caller, name: "entry")
    let activity = await room.lastActivity.map { ($0.actor, $0.message, Int64(($0.at * 1000).rounded())) }
    return SubsonicRooms.state(state, entries: entries, activity: activity)
  }
}
