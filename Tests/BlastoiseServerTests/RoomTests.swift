import BlastoiseCore
import BlastoiseProtocol
import Foundation
import Testing

/// Rooms end to end: two real socket clients, the real server, real files.
@Suite struct RoomTests {
  /// A server with `seconds.count` tones in its library, the default room filled; signed in as
  /// the admin ("owner") and a user ("ann"). `roomClock` is the clock rooms play by (a
  /// `ManualClock` keeps a room on its track however long a busy machine takes, but also holds
  /// back what rooms time by it, such as room list announcements).
  static func roomServer(
    _ seconds: [Double] = [30, 40, 50], guests: Bool = false, clock: any WallClock = SystemClock(),
    roomClock: any WallClock = SystemClock()
  ) async throws -> (TestServer, APIClient, APIClient, String) {
    var files: [String: Data] = [:]
    for (index, length) in seconds.enumerated() {
      files[String(format: "%02d tone.wav", index)] = LibraryRoutesTests.wav(
        seconds: length, frequency: 220 + Double(index) * 55, title: "Tone \(index)")
    }
    let (server, owner) = try await LibraryRoutesTests.serverWithMusic(files, clock: clock, roomClock: roomClock) {
      $0.allowGuests = guests
    }
    let ann = server.client()
    try await ann.signUp("ann")
    var defaultID = ""
    for _ in 0..<2400 {  // 60 s: a hang guard
      let channels = try await owner.get("/api/channels").json([SeedChannelInfo].self)
      if let room = channels.first(where: \.isDefault), room.trackCount == seconds.count {
        defaultID = room.id
        break
      }
      try await Task.sleep(for: .milliseconds(25))
    }
    #expect(!defaultID.isEmpty)
    return (server, owner, ann, defaultID)
  }

  static func socket(_ server: TestServer, _ client: APIClient, room: String) async throws -> SocketClient {
    try await SocketClient.connect(port: server.server.port, path: "/api/channels/\(room)/ws", cookie: client.cookie)
  }

  @Test func defaultRoomPlaysTheLibraryAndConnectGivesAFullState() async throws {
    let (server, owner, _, room) = try await Self.roomServer()
    let socket = try await Self.socket(server, owner, room: room)
    let state = try await socket.state()
    let decoded = try JSONDecoder().decode(SeedChannelState.self, from: JSONSerialization.data(withJSONObject: state))
    #expect(decoded.queue?.count == 3)
    #expect(decoded.track != nil)
    #expect(decoded.paused == false)
    #expect(decoded.channelId == room)
    #expect(decoded.listeners == ["owner"])
    #expect((state["serverTime"] as? Double ?? 0) > 1_700_000_000_000)
    #expect(state["seq"] != nil)
    await server.stop()
  }

  @Test func pauseFromOneListenerReachesTheOther() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let a = try await Self.socket(server, owner, room: room)
    let b = try await Self.socket(server, ann, room: room)
    _ = try await a.state()
    _ = try await b.state()
    try await a.send(json: ["action": "pause"])
    let paused = try await b.state { $0["paused"] as? Bool == true }
    #expect(paused["queue"] == nil)  // a clock change sends the light state
    try await b.send(json: ["action": "unpause"])
    _ = try await a.state { $0["paused"] as? Bool == false }
    await server.stop()
  }

  @Test func queueEditsReachListenersByPosition() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let listener = try await Self.socket(server, ann, room: room)
    let initial = try await listener.state()
    let ids = (initial["queue"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(ids.count == 3)

    let added = try await owner.request(
      "PATCH", "/api/channels/\(room)/queue", json: #"{"add":["\#(ids[0])"],"insertAt":3}"#)
    #expect(added.status == 200)
    #expect(added.text.contains(#""queueLength":4"#))
    let withDuplicate = try await listener.state { ($0["queue"] as? [Any])?.count == 4 }
    #expect((withDuplicate["queue"] as? [[String: Any]])?.last?["id"] as? String == ids[0])

    #expect(try await owner.request("PATCH", "/api/channels/\(room)/queue", json: #"{"remove":[3]}"#).status == 200)
    let removed = try await listener.state { ($0["queue"] as? [Any])?.count == 3 }
    #expect((removed["queue"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ids)

    let unknown = try await owner.request(
      "PATCH", "/api/channels/\(room)/queue", json: #"{"add":["sha256:\#(String(repeating: "f", count: 64))"]}"#)
    #expect(unknown.status == 400)
    #expect(try await owner.request("PATCH", "/api/channels/\(room)/queue", json: #"{"remove":[7]}"#).status == 400)
    #expect(
      try await owner.request("PATCH", "/api/channels/\(room)/queue", json: #"{"remove":[0],"set":[]}"#).status == 400)
    let state = try await owner.get("/api/channels/\(room)").json(SeedChannelState.self)
    #expect(state.currentIndex >= 0)
    #expect(try await owner.get("/api/channels").json([SeedChannelInfo].self).first?.trackCount == 3)
    await server.stop()
  }

  @Test func jumpSeekAndModeOverRESTAndSocket() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let listener = try await Self.socket(server, ann, room: room)
    _ = try await listener.state()
    #expect(try await owner.post("/api/channels/\(room)/jump", #"{"index":2}"#).status == 200)
    _ = try await listener.state { $0["currentIndex"] as? Int == 2 }
    // Paused, the clock stands still, so the sought position is exact however slow the machine is.
    try await listener.send(json: ["action": "pause"])
    _ = try await listener.state { $0["paused"] as? Bool == true }
    #expect(try await owner.post("/api/channels/\(room)/seek", #"{"timestamp":12.5}"#).status == 200)
    let sought = try await listener.state { ($0["currentTimestamp"] as? Double ?? 0) >= 12.5 }
    #expect(abs((sought["currentTimestamp"] as? Double ?? 0) - 12.5) < 0.001)
    #expect(sought["paused"] as? Bool == true)
    let mode = try await owner.post("/api/channels/\(room)/mode", #"{"mode":"shuffle"}"#)
    #expect(mode.text.contains(#""playbackMode":"shuffle""#))
    #expect(try await owner.post("/api/channels/\(room)/mode", #"{"mode":"random"}"#).status == 400)
    try await listener.send(json: ["action": "jump", "index": 1])
    _ = try await listener.state { $0["currentIndex"] as? Int == 1 }
    await server.stop()
  }

  @Test func theRoomAdvancesPastATwoSecondTrackOnItsOwn() async throws {
    let (server, owner, _, room) = try await Self.roomServer([2, 30])
    let socket = try await Self.socket(server, owner, room: room)
    let first = try await socket.state()
    let firstIndex = first["currentIndex"] as? Int ?? -1
    let jumpSent = ContinuousClock.now
    _ = try await owner.post("/api/channels/\(room)/jump", #"{"index":0}"#)
    // The jump is done when its answer comes; states after it have a higher `seq`. (On a loaded
    // machine the socket may be read so late that the jump's own state was coalesced away.)
    let afterJump = try JSONSerialization.jsonObject(with: try await owner.get("/api/channels/\(room)").body)
    let jumped = try #require(afterJump as? [String: Any])
    let jumpSeq = jumped["seq"] as? Int ?? -1
    // Nobody acts: the room moves on by itself once the two seconds are played.
    let advanced =
      jumped["currentIndex"] as? Int == 1
      ? jumped : try await socket.state { $0["currentIndex"] as? Int == 1 && ($0["seq"] as? Int ?? -1) > jumpSeq }
    let sinceJump = ContinuousClock.now - jumpSent
    // The next track starts from its beginning when the first ends: its position is at most the
    // time since the first track's end, which came two seconds after the jump at the earliest
    // (however late a loaded machine reports it), never the first track's position carried over.
    let bound = max(
      0.5, Double(sinceJump.components.seconds) + Double(sinceJump.components.attoseconds) / 1e18 - 2 + 0.25)
    #expect((advanced["currentTimestamp"] as? Double ?? 99) < bound)
    #expect(firstIndex >= 0)
    await server.stop()
  }

  @Test func guestsListenButTheirControlsAreIgnored() async throws {
    let (server, owner, _, room) = try await Self.roomServer(guests: true)
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    let guestSocket = try await Self.socket(server, guest, room: room)
    let ownerSocket = try await Self.socket(server, owner, room: room)
    _ = try await guestSocket.state()
    _ = try await ownerSocket.state()
    try await guestSocket.send(json: ["action": "pause"])
    try await guestSocket.send(json: ["action": "ping", "clientTime": 42])
    let pong = try await guestSocket.message { $0["type"] as? String == "pong" }
    #expect(pong["clientTime"] as? Double == 42)
    let state = try await owner.get("/api/channels/\(room)").json(SeedChannelState.self)
    #expect(state.paused == false)
    #expect(try await guest.post("/api/channels/\(room)/jump", #"{"index":0}"#).status == 403)
    #expect(try await guest.request("PATCH", "/api/channels/\(room)/queue", json: #"{"remove":[0]}"#).status == 403)
    await server.stop()
  }

  /// Every control action, not only `pause`, is ignored from a guest (they lack `control`), while
  /// `switch` (which needs only `listen`) works for them.
  @Test func aGuestsEveryControlActionIsIgnoredAndSwitchingWorks() async throws {
    let (server, owner, _, room) = try await Self.roomServer(guests: true)
    let other = try await owner.post("/api/channels", #"{"name":"Other"}"#).json(SeedChannelInfo.self)
    let ownerSocket = try await Self.socket(server, owner, room: room)
    _ = try await ownerSocket.state()
    try await ownerSocket.send(json: ["action": "pause"])
    let paused = try await ownerSocket.state { $0["paused"] as? Bool == true }
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    let guestSocket = try await Self.socket(server, guest, room: room)
    _ = try await guestSocket.state()
    for action: [String: Any] in [
      ["action": "unpause"], ["action": "seek", "timestamp": 12], ["action": "jump", "index": 2],
    ] {
      try await guestSocket.send(json: action)
    }
    // Handled in order: once the pong is back, the actions before it were handled (and ignored).
    try await guestSocket.send(json: ["action": "ping", "clientTime": 7])
    _ = try await guestSocket.message { $0["type"] as? String == "pong" }
    let state = try await owner.get("/api/channels/\(room)").json(SeedChannelState.self)
    #expect(state.paused)
    #expect(state.currentIndex == paused["currentIndex"] as? Int)
    #expect(abs(state.currentTimestamp - (paused["currentTimestamp"] as? Double ?? -99)) < 1)  // not the seek to 12
    try await guestSocket.send(json: ["action": "switch", "channelId": other.id])
    _ = try await guestSocket.message { $0["type"] as? String == "switched" && $0["channelId"] as? String == other.id }
    await server.stop()
  }

  @Test func malformedMessagesGetAnErrorAndTheSocketStaysUsable() async throws {
    let (server, owner, _, room) = try await Self.roomServer()
    let socket = try await Self.socket(server, owner, room: room)
    _ = try await socket.state()
    for bad in ["not json", #"{"action":"explode"}"#, #"{"action":"seek"}"#, #"{"action":"jump","index":"two"}"#, "[]"]
    {
      try await socket.send(text: bad)
      let reply = try await socket.message { $0["type"] as? String == "error" }
      #expect(reply["message"] is String)
    }
    try await socket.send(json: ["action": "ping", "clientTime": 1])
    _ = try await socket.message { $0["type"] as? String == "pong" }
    await server.stop()
  }

  @Test func kickOthersReachesAnOpenSocket() async throws {
    let (server, owner, _, room) = try await Self.roomServer()
    let phone = server.client()
    try await phone.logIn("owner")
    let socket = try await Self.socket(server, phone, room: room)
    _ = try await socket.state()
    #expect(try await owner.post("/api/auth/kick-others").status == 200)
    let kick = try await socket.message { $0["type"] as? String == "kick" }
    #expect(kick["reason"] as? String == "Kicked by another session")
    _ = try? await socket.message(timeout: 3)
    #expect(try await phone.get("/api/channels").status == 401)
    await server.stop()
  }

  @Test func switchingRoomsSaysSwitchedAndListenersFollow() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let created = try await ann.post("/api/channels", #"{"name":"Ann's Room","description":"quiet"}"#)
    #expect(created.status == 200)
    let other = try created.json(SeedChannelInfo.self)
    let socket = try await Self.socket(server, owner, room: room)
    _ = try await socket.state()
    try await socket.send(json: ["action": "switch", "channelId": other.id])
    _ = try await socket.message { $0["type"] as? String == "switched" && $0["channelId"] as? String == other.id }
    let state = try await socket.state { $0["channelId"] as? String == other.id }
    #expect(state["track"] is NSNull)
    let list = try await socket.message { message in
      (message["channels"] as? [[String: Any]])?.contains {
        $0["id"] as? String == other.id && $0["listenerCount"] as? Int == 1
      } == true
    }
    #expect(list["type"] as? String == "channel_list")
    await server.stop()
  }

  /// A room's card says what plays there: in `GET /api/channels` and in the `channel_list`
  /// everyone gets when the room moves to another track or pauses; an empty room says nothing.
  @Test func roomCardsSayWhatPlaysAndFollowItsChanges() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let empty = try await ann.post("/api/channels", #"{"name":"Empty"}"#).json(SeedChannelInfo.self)
    let owners = try await Self.socket(server, owner, room: room)
    let playing = try await owners.state()
    let rooms = try await owner.get("/api/channels").json([RoomInfo].self)
    let main = try #require(rooms.first { $0.id == room })
    let track = try #require(playing["track"] as? [String: Any])
    #expect(main.nowPlaying?.id == track["id"] as? String && main.paused == false)
    #expect(rooms.first { $0.id == empty.id }.map { $0.nowPlaying == nil && $0.paused == nil } == true)

    // Someone in another room hears of the change.
    let socket = try await Self.socket(server, ann, room: empty.id)
    _ = try await socket.state()
    _ = try await owner.post("/api/channels/\(room)/jump", #"{"index":2}"#)
    try await owners.send(json: ["action": "pause"])
    let list = try await socket.message { message in
      (message["channels"] as? [[String: Any]])?.contains { card in
        card["id"] as? String == room && card["paused"] as? Bool == true
          && (card["nowPlaying"] as? [String: Any])?["title"] as? String == "Tone 2"
      } == true
    }
    #expect(list["type"] as? String == "channel_list")
    await server.stop()
  }

  @Test func onlyOwnersAndAdminsChangeRoomsAndTheDefaultStays() async throws {
    let (server, owner, ann, room) = try await Self.roomServer()
    let bob = server.client()
    try await bob.signUp("bob")
    let created = try await ann.post("/api/channels", #"{"name":"Ann's"}"#).json(SeedChannelInfo.self)
    #expect(try await bob.request("PATCH", "/api/channels/\(created.id)", json: #"{"name":"Bob's now"}"#).status == 403)
    #expect(try await ann.request("PATCH", "/api/channels/\(created.id)", json: #"{"name":"Renamed"}"#).status == 200)
    #expect(try await owner.request("DELETE", "/api/channels/\(room)").status == 400)
    #expect(try await bob.request("DELETE", "/api/channels/\(created.id)").status == 403)
    #expect(try await owner.request("DELETE", "/api/channels/\(created.id)").status == 200)
    #expect(try await owner.get("/api/channels/\(created.id)").status == 404)
    #expect(try await ann.post("/api/channels", #"{"name":"   "}"#).status == 400)
    await server.stop()
  }

  /// Two rooms one sees never share a name: a second "Jazz" is "Jazz 2", and a rename to a name
  /// another room has is numbered too (keeping its own name is no clash).
  @Test func aRoomNameAlreadyTakenGetsANumber() async throws {
    let (server, _, ann, _) = try await Self.roomServer()
    let first = try await ann.post("/api/channels", #"{"name":"Jazz"}"#).json(SeedChannelInfo.self)
    let second = try await ann.post("/api/channels", #"{"name":"jazz "}"#).json(SeedChannelInfo.self)
    #expect((first.name, second.name) == ("Jazz", "jazz 2"))
    let renamed = try await ann.request("PATCH", "/api/channels/\(second.id)", json: #"{"name":"JAZZ"}"#)
    #expect(try renamed.json(SeedChannelInfo.self).name == "JAZZ 2")
    let kept = try await ann.request("PATCH", "/api/channels/\(first.id)", json: #"{"name":"Jazz"}"#)
    #expect(try kept.json(SeedChannelInfo.self).name == "Jazz")
    await server.stop()
  }

  @Test func crossOriginSocketsAreRefused() async throws {
    let (server, owner, _, room) = try await Self.roomServer()
    await #expect(throws: SocketClient.HandshakeRefused.self) {
      try await SocketClient.connect(
        port: server.server.port, path: "/api/channels/\(room)/ws", cookie: owner.cookie, origin: "http://evil.example")
    }
    await #expect(throws: SocketClient.HandshakeRefused.self) {
      try await SocketClient.connect(port: server.server.port, path: "/api/channels/\(room)/ws", cookie: nil)
    }
    await server.stop()
  }
}

struct SeedChannelInfo: Decodable {
  let id: String
  let name: String
  let description: String
  let listenerCount: Int
  let isDefault: Bool
  let trackCount: Int
  let listeners: [String]
}

struct SeedChannelState: Decodable {
  let track: SeedTrack?
  let currentTimestamp: Double
  let channelName: String
  let channelId: String
  let paused: Bool
  let queue: [SeedTrack]?
  let currentIndex: Int
  let playbackMode: String
  let listenerCount: Int
  let listeners: [String]
}

@Suite struct ScanProgressTests {
  @Test func socketsSeeScanProgressAndNewUploadsAsToasts() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer([5, 5])
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await socket.state()
    try LibraryRoutesTests.wav(seconds: 1, frequency: 600, title: "Dropped In")
      .write(to: URL(fileURLWithPath: server.server.configuration.musicDirectory + "/new.wav"))
    let scan = try await owner.post("/api/library/scan")
    #expect(scan.status == 200)
    #expect(scan.text.contains(#""added":1"#))
    #expect(try await ann.post("/api/library/scan").status == 403)
    let started = try await socket.message { $0["type"] as? String == "scan_progress" }
    #expect(started["total"] as? Int == 1)
    _ = try await socket.message { $0["type"] as? String == "scan_progress" && $0["scanning"] as? Bool == false }

    let upload = try await UploadTests.upload(
      ann, [("toast.wav", LibraryRoutesTests.wav(seconds: 1, frequency: 700, title: "Toasty"))])
    #expect(upload.status == 200)
    let toast = try await socket.message { $0["type"] as? String == "toast" }
    #expect(toast["message"] as? String == "Added: Toasty")
    #expect(toast["toastType"] as? String == "info")
    await server.stop()
  }
}
