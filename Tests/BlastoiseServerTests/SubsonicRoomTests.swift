import BlastoiseProtocol
import BlastoiseSubsonic
import Foundation
import Testing

/// The `listenTogether` extension through the real server: Subsonic apps join rooms (counted,
/// shown and heard as listeners, also by the web app's sockets), read the room's state with its
/// server time, wait for its next change, and control it and its queue as the room's rules allow.
@Suite struct SubsonicRoomTests {
  static func call(_ client: APIClient, _ method: String, _ query: [(String, String)]) async throws -> [String: Any] {
    try await SubsonicRoutesTests.call(client, method, query)
  }

  static func room(_ answer: [String: Any]) -> [String: Any] { answer["room"] as? [String: Any] ?? [:] }

  static func code(_ answer: [String: Any]) -> Int? { SubsonicRoutesTests.errorCode(answer) }

  @Test func appsJoinARoomAsListenersUntilTheyLeaveOrStopCalling() async throws {
    let clock = ManualClock(now: Date().timeIntervalSince1970)
    let party = try await RoomRolesTests.party(roomClock: clock)
    let ann = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ann))
    let cat = ("apiKey", try await SubsonicRoutesTests.appPassword(party.cat))
    let rooms = try await Self.call(party.ann, "getRooms", [ann])
    let cards = (rooms["rooms"] as? [String: Any])?["room"] as? [[String: Any]] ?? []
    #expect(cards.contains { $0["id"] as? String == party.room && $0["songCount"] as? Int == 3 })

    let watcher = try await RoomTests.socket(party.server, party.ben, room: party.room)
    _ = try await watcher.state()
    let benKey = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ben))
    func names() async throws -> [String] {
      let room = Self.room(try await Self.call(party.ben, "getRoom", [benKey, ("id", party.room)]))
      return (room["listener"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted() ?? []
    }
    let joined = Self.room(try await Self.call(party.ann, "joinRoom", [ann, ("id", party.room), ("c", "Feishin")]))
    #expect((joined["entry"] as? [[String: Any]])?.count == 3 && joined["serverTime"] as? Int64 != nil)
    _ = try await Self.call(party.cat, "joinRoom", [cat, ("id", party.room), ("c", "Tempo")])
    #expect(try await names() == ["ann", "ben", "cat"])
    // The web app's sockets are told too, once the room's clock passes the listener update's delay.
    var told = false
    for _ in 0..<600 where !told {
      clock.advance(by: 0.3)
      told = (try? await watcher.state(timeout: 0.2) { ($0["listeners"] as? [String])?.count == 3 }) != nil
    }
    #expect(told)
    _ = try await Self.call(party.cat, "leaveRoom", [cat, ("id", party.room), ("c", "Tempo")])
    #expect(try await names() == ["ann", "ben"])

    // Calls about the room keep ann in it; a minute without any and she is gone.
    clock.advance(by: 50)
    _ = try await Self.call(party.ann, "getRoom", [ann, ("id", party.room), ("c", "Feishin")])
    clock.advance(by: 50)
    #expect(try await names() == ["ann", "ben"])
    clock.advance(by: 11)
    var gone = false
    for _ in 0..<600 where !gone {
      gone = try await names() == ["ben"]
      if !gone { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(gone)
    await party.server.stop()
  }

  @Test func stateControlAndTheNextChangeFollowTheRoomsRules() async throws {
    let party = try await RoomRolesTests.party()
    let ben = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ben))  // the room's owner
    let ann = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ann))
    let id = ("id", party.room)
    let time = try await Self.call(party.ann, "getServerTime", [ann])
    #expect((time["serverTime"] as? [String: Any])?["time"] as? Int64 != nil)

    let before = Self.room(try await Self.call(party.ann, "getRoom", [ann, id]))
    let seq = try #require(before["seq"] as? Int)
    // A long poll wakes with the owner's pause.
    async let update = Self.call(party.ann, "getRoomUpdate", [ann, id, ("seq", "\(seq)"), ("timeout", "30")])
    let paused = Self.room(try await Self.call(party.ben, "controlRoom", [ben, id, ("action", "pause")]))
    #expect(paused["paused"] as? Bool == true)
    // Who did it, for apps to show, and each entry's exact length, which the room moves on at.
    let activity = paused["activity"] as? [String: Any]
    #expect(activity?["actor"] as? String == "ben" && (activity?["message"] as? String)?.contains("paused") == true)
    #expect((paused["entry"] as? [[String: Any]])?.allSatisfy { ($0["durationMs"] as? Int ?? 0) > 0 } == true)
    let woke = Self.room(try await update)
    #expect(woke["paused"] as? Bool == true && (woke["seq"] as? Int ?? 0) > seq)
    let sought = Self.room(
      try await Self.call(party.ben, "controlRoom", [ben, id, ("action", "seek"), ("positionMs", "12500")]))
    #expect(sought["positionMs"] as? Int == 12_500 && sought["paused"] as? Bool == true)
    let jumped = Self.room(
      try await Self.call(party.ben, "controlRoom", [ben, id, ("action", "jump"), ("index", "2")]))
    #expect(jumped["currentIndex"] as? Int == 2)

    // DJs only: ann may not control or edit the queue, and is told why; she may vote.
    #expect(
      try await party.ben.request("PATCH", "/api/channels/\(party.room)", json: #"{"controlMode":"djs"}"#).status == 200
    )
    let refused = try await Self.call(party.ann, "controlRoom", [ann, id, ("action", "play")])
    #expect(Self.code(refused) == 50 && ((refused["error"] as? [String: Any])?["message"] as? String)?.isEmpty == false)
    let song = try #require((before["entry"] as? [[String: Any]])?.first?["id"] as? String)
    #expect(Self.code(try await Self.call(party.ann, "updateRoomQueue", [ann, id, ("songIdToAdd", song)])) == 50)
    let edited = Self.room(
      try await Self.call(party.ben, "updateRoomQueue", [ben, id, ("songIdToAdd", song), ("songIndexToRemove", "0")]))
    #expect((edited["entry"] as? [[String: Any]])?.count == 3)
    #expect(Self.code(try await Self.call(party.ben, "controlRoom", [ben, id, ("action", "dance")])) == 0)
    #expect(Self.code(try await Self.call(party.ben, "getRoom", [ben, ("id", "nothing")])) == 70)
    await party.server.stop()
  }

  @Test func aVoteSkipsWithAMajorityOfThoseInTheRoom() async throws {
    let party = try await RoomRolesTests.party()
    let id = ("id", party.room)
    let ann = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ann))
    let cat = ("apiKey", try await SubsonicRoutesTests.appPassword(party.cat))
    let ben = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ben))
    for (client, key) in [(party.ann, ann), (party.cat, cat), (party.ben, ben)] {
      _ = try await Self.call(client, "joinRoom", [key, id])
    }
    let first = try await Self.call(party.ann, "voteSkipRoom", [ann, id])
    #expect((first["voteSkip"] as? [String: Any])?["skipped"] as? Bool == false)
    let second = try await Self.call(party.cat, "voteSkipRoom", [cat, id])
    #expect((second["voteSkip"] as? [String: Any])?["skipped"] as? Bool == true)
    #expect(Self.room(try await Self.call(party.ann, "getRoom", [ann, id]))["currentIndex"] as? Int == 1)
    await party.server.stop()
  }

  @Test func aPrivateRoomIsJoinedWithItsInviteOnly() async throws {
    let party = try await RoomRolesTests.party()
    #expect(
      try await party.ben.request("PATCH", "/api/channels/\(party.room)", json: #"{"isPrivate":true}"#).status == 200)
    let token = try #require(
      (try JSONSerialization.jsonObject(with: try await party.ben.get("/api/channels/\(party.room)").body)
        as? [String: Any])?["inviteToken"] as? String)
    let ann = ("apiKey", try await SubsonicRoutesTests.appPassword(party.ann))
    let id = ("id", party.room)
    #expect(Self.code(try await Self.call(party.ann, "getRoom", [ann, id])) == 70)
    #expect(Self.code(try await Self.call(party.ann, "joinRoom", [ann, id, ("invite", "wrong")])) == 70)
    let cards = try await Self.call(party.ann, "getRooms", [ann])
    #expect(
      !(((cards["rooms"] as? [String: Any])?["room"] as? [[String: Any]]) ?? []).contains {
        $0["id"] as? String == party.room
      })
    #expect(
      Self.room(try await Self.call(party.ann, "joinRoom", [ann, id, ("invite", token)]))["isPrivate"] as? Bool == true)
    // In the room, she sees it without the token.
    #expect(Self.code(try await Self.call(party.ann, "getRoom", [ann, id])) == nil)
    await party.server.stop()
  }
}
