import BlastoiseCore
import Foundation
import Testing

/// Room roles end to end on loopback with real sockets: an owner ("ben"), a DJ ("cat"), a plain
/// member ("ann"), the admin and a guest, in a room ben created and filled.
@Suite struct RoomRolesTests {
  struct Party {
    let server: TestServer
    let admin: APIClient
    let ann: APIClient
    let ben: APIClient
    let cat: APIClient
    let room: String
    let catID: Int
  }

  /// The party's rooms play by a clock that stands still: no track ends by itself while a test
  /// counts votes or reads states, however slow the machine is. That clock also holds back the
  /// room list's announcements: a test awaiting `channel_list` passes the system clock.
  static func party(
    guests: Bool = false, roomClock: any WallClock = ManualClock(now: Date().timeIntervalSince1970)
  ) async throws -> Party {
    let (server, admin, ann, defaultRoom) = try await RoomTests.roomServer(guests: guests, roomClock: roomClock)
    let ben = server.client()
    try await ben.signUp("ben")
    let cat = server.client()
    try await cat.signUp("cat")
    let catID = try #require(try await cat.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.id)
    let look = try await RoomTests.socket(server, ben, room: defaultRoom)
    let queue = try await look.state()["queue"] as? [[String: Any]] ?? []
    let ids = queue.compactMap { $0["id"] as? String }
    #expect(ids.count == 3)
    let room = try await ben.post("/api/channels", #"{"name":"Party"}"#).json(SeedChannelInfo.self).id
    let add = try JSONSerialization.data(withJSONObject: ["add": ids])
    let added = try await ben.request(
      "PATCH", "/api/channels/\(room)/queue", json: String(decoding: add, as: UTF8.self))
    #expect(added.status == 200)
    return Party(server: server, admin: admin, ann: ann, ben: ben, cat: cat, room: room, catID: catID)
  }

  static func error(_ response: APIClient.Response) -> String? {
    (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] as? String
  }

  @Test func theOwnerSetsDJsModeAndAMemberMayNot() async throws {
    let party = try await Self.party()
    let path = "/api/channels/\(party.room)"
    let refused = try await party.ann.request("PATCH", path, json: #"{"controlMode":"djs"}"#)
    #expect(refused.status == 403)
    #expect(Self.error(refused) != nil)
    let set = try await party.ben.request("PATCH", path, json: #"{"controlMode":"djs","djs":[\#(party.catID)]}"#)
    #expect(set.status == 200)
    let state = try JSONSerialization.jsonObject(with: try await party.ann.get(path).body) as? [String: Any]
    #expect(state?["controlMode"] as? String == "djs")
    #expect(state?["djs"] as? [Int] == [party.catID])
    #expect(state?["owner"] as? Int != nil)
    #expect(state?["canControl"] as? Bool == false)
    let catState = try JSONSerialization.jsonObject(with: try await party.cat.get(path).body) as? [String: Any]
    #expect(catState?["canControl"] as? Bool == true)
    let adminState = try JSONSerialization.jsonObject(with: try await party.admin.get(path).body) as? [String: Any]
    #expect(adminState?["canControl"] as? Bool == true)
    await party.server.stop()
  }

  @Test(arguments: [#"{"controlMode":"nobody"}"#, #"{"djs":[0]}"#, #"{"djs":"cat"}"#, #"{"owner":3}"#])
  func badSettingsAre400(body: String) async throws {
    let party = try await Self.party()
    let response = try await party.ben.request("PATCH", "/api/channels/\(party.room)", json: body)
    #expect(response.status == 400)
    #expect(Self.error(response) != nil)
    await party.server.stop()
  }

  @Test func djsModeRefusesAMembersPauseAndAllowsTheDJs() async throws {
    let party = try await Self.party()
    let path = "/api/channels/\(party.room)"
    #expect(
      try await party.ben.request("PATCH", path, json: #"{"controlMode":"djs","djs":[\#(party.catID)]}"#).status == 200)
    let jump = try await party.ann.post("\(path)/jump", #"{"index":1}"#)
    #expect(jump.status == 403)
    #expect(Self.error(jump) == "Only the room's DJs can do that")
    #expect(try await party.ann.request("PATCH", "\(path)/queue", json: #"{"remove":[0]}"#).status == 403)
    let annSocket = try await RoomTests.socket(party.server, party.ann, room: party.room)
    let annStart = try await annSocket.state()
    #expect(annStart["canControl"] as? Bool == false)
    try await annSocket.send(json: ["action": "pause"])
    let error = try await annSocket.message { $0["type"] as? String == "error" }
    #expect(error["message"] as? String == "Only the room's DJs can do that")
    #expect(try await party.ann.get(path).json(SeedChannelState.self).paused == false)
    let catSocket = try await RoomTests.socket(party.server, party.cat, room: party.room)
    #expect(try await catSocket.state()["canControl"] as? Bool == true)
    try await catSocket.send(json: ["action": "pause"])
    _ = try await catSocket.state { $0["paused"] as? Bool == true }
    let activity = try await annSocket.message { $0["type"] as? String == "activity" }
    #expect(activity["message"] as? String == "cat paused")
    #expect(activity["actor"] as? String == "cat")
    #expect(try await party.ann.get(path).json(SeedChannelState.self).paused)
    await party.server.stop()
  }

  /// In owner mode a guest's control stays silently ignored (the seed's clients expect it).
  @Test func ownerModeAllowsOnlyTheOwnerAndAdminsAndGuestsStayIgnored() async throws {
    let party = try await Self.party(guests: true)
    let path = "/api/channels/\(party.room)"
    #expect(try await party.ben.request("PATCH", path, json: #"{"controlMode":"owner"}"#).status == 200)
    #expect(try await party.cat.post("\(path)/seek", #"{"timestamp":5}"#).status == 403)
    #expect(try await party.ben.post("\(path)/seek", #"{"timestamp":5}"#).status == 200)
    #expect(try await party.admin.post("\(path)/jump", #"{"index":2}"#).status == 200)
    #expect(try await party.ben.get(path).json(SeedChannelState.self).currentIndex == 2)
    let guest = party.server.client()
    _ = try await guest.get("/api/auth/me")
    let guestSocket = try await RoomTests.socket(party.server, guest, room: party.room)
    _ = try await guestSocket.state()
    try await guestSocket.send(json: ["action": "pause"])
    try await guestSocket.send(json: ["action": "ping", "clientTime": 3])
    let next = try await guestSocket.message { $0["type"] as? String == "pong" || $0["type"] as? String == "error" }
    #expect(next["type"] as? String == "pong")
    await party.server.stop()
  }

  /// Three people listen (ann on two sockets): ann's two votes are one, cat's makes a majority.
  @Test func aVoteSkipNeedsAMajorityOfPeople() async throws {
    let party = try await Self.party()
    let path = "/api/channels/\(party.room)"
    #expect(try await party.ben.request("PATCH", path, json: #"{"controlMode":"owner"}"#).status == 200)
    let benSocket = try await RoomTests.socket(party.server, party.ben, room: party.room)
    let annSocket = try await RoomTests.socket(party.server, party.ann, room: party.room)
    let annAgain = try await RoomTests.socket(party.server, party.ann, room: party.room)
    let catSocket = try await RoomTests.socket(party.server, party.cat, room: party.room)
    for socket in [benSocket, annSocket, annAgain, catSocket] { _ = try await socket.state() }
    let before = try await party.ben.get(path).json(SeedChannelState.self).currentIndex
    for socket in [annSocket, annAgain] {
      try await socket.send(json: ["action": "voteSkip"])
      try await socket.send(json: ["action": "ping", "clientTime": 1])
      _ = try await socket.message { $0["type"] as? String == "pong" }
    }
    #expect(try await party.ben.get(path).json(SeedChannelState.self).currentIndex == before)
    try await catSocket.send(json: ["action": "voteSkip"])
    let activity = try await benSocket.message { $0["type"] as? String == "activity" }
    #expect(activity["message"] as? String == "skipped by vote")
    #expect(try await party.ben.get(path).json(SeedChannelState.self).currentIndex == (before + 1) % 3)
    await party.server.stop()
  }

  /// Votes belong to one play of an entry: started over (here, a seek back to its start), the
  /// entry needs a majority again — ann's earlier vote and cat's new one are not two of three.
  @Test func votesToSkipGoWhenTheEntryStartsOver() async throws {
    let party = try await Self.party()
    let path = "/api/channels/\(party.room)"
    #expect(try await party.ben.request("PATCH", path, json: #"{"controlMode":"owner"}"#).status == 200)
    #expect(try await party.ben.post("\(path)/seek", #"{"timestamp":10}"#).status == 200)
    let benSocket = try await RoomTests.socket(party.server, party.ben, room: party.room)
    let annSocket = try await RoomTests.socket(party.server, party.ann, room: party.room)
    let catSocket = try await RoomTests.socket(party.server, party.cat, room: party.room)
    for socket in [benSocket, annSocket, catSocket] { _ = try await socket.state() }
    let before = try await party.ben.get(path).json(SeedChannelState.self).currentIndex
    try await annSocket.send(json: ["action": "voteSkip"])
    try await annSocket.send(json: ["action": "ping", "clientTime": 1])
    _ = try await annSocket.message { $0["type"] as? String == "pong" }
    #expect(try await party.ben.post("\(path)/seek", #"{"timestamp":0}"#).status == 200)
    try await catSocket.send(json: ["action": "voteSkip"])
    try await catSocket.send(json: ["action": "ping", "clientTime": 2])
    _ = try await catSocket.message { $0["type"] as? String == "pong" }
    let state = try await party.ben.get(path).json(SeedChannelState.self)
    #expect(state.currentIndex == before)
    #expect(state.currentTimestamp < 1)
    await party.server.stop()
  }

  @Test func queueEditsAndSettingsNameTheActor() async throws {
    let party = try await Self.party()
    let path = "/api/channels/\(party.room)"
    let annSocket = try await RoomTests.socket(party.server, party.ann, room: party.room)
    _ = try await annSocket.state()
    #expect(try await party.ben.request("PATCH", "\(path)/queue", json: #"{"move":[0,1],"to":1}"#).status == 200)
    let moved = try await annSocket.message { $0["type"] as? String == "activity" }
    #expect(moved["message"] as? String == "ben moved 2 tracks")
    #expect(try await party.ben.request("PATCH", path, json: #"{"controlMode":"djs"}"#).status == 200)
    let settings = try await annSocket.message { $0["type"] as? String == "activity" }
    #expect(settings["message"] as? String == "ben changed the room's settings")
    await party.server.stop()
  }
}
