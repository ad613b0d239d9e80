import BlastoiseProtocol
import Foundation
import Testing

/// `ServerSocketMessage` is what the server encodes and what clients decode: every kind comes
/// back equal from the server's own JSON, and the wire text stays the seed's.
@Suite struct ServerSocketMessageTests {
  static let everyKind: [ServerSocketMessage] = [
    .state(WireSamples.state), .roomList([WireSamples.room]), .switched(roomID: "r2"), .kick(reason: "bye"),
    .toast(message: "Added: A", toastType: "info"), .error(message: "No such room"),
    .pong(clientTime: 1234.5, serverTime: 1_764_578_400_123, serverTimeMicros: 1_764_578_400_123_456),
    .pong(clientTime: 1234.5, serverTime: 1_764_578_400_123, serverTimeMicros: nil),
    .scanProgress(scanning: true, processed: 3, total: 20), .libraryChanged, .importJob(WireSamples.importJob),
    .importJob(.init(type: .importProgress, id: "j", status: "downloading", progress: 50, title: "T")),
  ]

  @Test(arguments: everyKind) func decodesFromTheServersJSON(_ message: ServerSocketMessage) throws {
    let json = try WireSamples.serverJSON(message)
    #expect(try WireSamples.decode(ServerSocketMessage.self, json) == message)
  }

  @Test func typedMessagesKeepTheSeedsWireText() throws {
    let expected: [(ServerSocketMessage, String)] = [
      (.roomList([]), #"{"channels":[],"type":"channel_list"}"#),
      (.switched(roomID: "abc123"), #"{"channelId":"abc123","type":"switched"}"#),
      (.kick(reason: "Kicked by another session"), #"{"reason":"Kicked by another session","type":"kick"}"#),
      (
        .toast(message: "Added: Song", toastType: "info"),
        #"{"message":"Added: Song","toastType":"info","type":"toast"}"#
      ),
      (.error(message: "x"), #"{"message":"x","type":"error"}"#),
      (
        .pong(clientTime: 1.5, serverTime: 99, serverTimeMicros: nil),
        #"{"clientTime":1.5,"serverTime":99,"type":"pong"}"#
      ),
      (
        .pong(clientTime: 1.5, serverTime: 99, serverTimeMicros: 98_765),
        #"{"clientTime":1.5,"serverTime":99,"serverTimeMicros":98765,"type":"pong"}"#
      ),
      (
        .scanProgress(scanning: true, processed: 1, total: 20),
        #"{"processed":1,"scanning":true,"total":20,"type":"scan_progress"}"#
      ),
      (.libraryChanged, #"{"type":"library_changed"}"#),
    ]
    for (message, json) in expected { #expect(try WireSamples.serverJSON(message) == json) }
  }

  @Test func aStateIsTheRoomStateItselfWithoutAType() throws {
    let json = try WireSamples.serverJSON(ServerSocketMessage.state(WireSamples.state))
    #expect(json == (try WireSamples.serverJSON(WireSamples.state)))
    #expect(!json.contains(#""type""#))
    #expect(json.contains(#""channelId":"r1""#) && json.contains(#""channelName":"Main""#))
  }

  @Test func importJobsKeepTheirFetchTypes() throws {
    let json = try WireSamples.serverJSON(ServerSocketMessage.importJob(WireSamples.importJob))
    #expect(json.contains(#""type":"fetch_complete""#))
    let progress = #"{ "type": "fetch_progress", "id": "job", "status": "downloading", "progress": 50, "title": "" }"#
    guard case .importJob(let job) = try WireSamples.decode(ServerSocketMessage.self, progress) else {
      Issue.record("not an import job")
      return
    }
    #expect(job.type == .importProgress && job.progress == 50)
  }

  @Test func aSeedEraStateWithoutSyncFieldsDecodesWithZeros() throws {
    // What the seed's server sends: no serverTime, no seq, no description, a null title.
    let json =
      #"{"track":{"id":"sha256:1","filename":"a.mp3","title":null,"duration":12},"currentTimestamp":3.5,"#
      + #""channelName":"Main","channelId":"m","paused":false,"currentIndex":0,"listenerCount":1,"isDefault":true,"#
      + #""playbackMode":"repeat-all"}"#
    guard case .state(let state) = try WireSamples.decode(ServerSocketMessage.self, json) else {
      Issue.record("not a state")
      return
    }
    #expect(state.track?.title == "a.mp3")
    #expect(state.seq == 0 && state.serverTime == 0)
    #expect(state.queue == nil && state.listeners == [] && state.description == "")
    #expect(state.roomID == "m" && state.currentTimestamp == 3.5 && !state.paused)
  }

  @Test func anEmptyObjectIsAStateWithTheSeedsDefaults() throws {
    let state = try WireSamples.decode(RoomState.self, "{}")
    #expect(state.paused && state.playbackMode == "repeat-all" && state.track == nil && state.roomName == "")
  }

  @Test func typedMessagesMissingFieldsTakeTheSeedsDefaults() throws {
    #expect(try WireSamples.decode(ServerSocketMessage.self, #"{"type":"kick"}"#) == .kick(reason: "Kicked"))
    #expect(
      try WireSamples.decode(ServerSocketMessage.self, #"{"type":"toast","message":"hi"}"#)
        == .toast(message: "hi", toastType: "info"))
    #expect(try WireSamples.decode(ServerSocketMessage.self, #"{"type":"channel_list"}"#) == .roomList([]))
    let room = try WireSamples.decode(ServerSocketMessage.self, #"{"type":"channel_list","channels":[{"id":"x"}]}"#)
    #expect(
      room
        == .roomList([
          RoomInfo(
            id: "x", name: "Room", description: "", trackCount: 0, listenerCount: 0,
            listeners: [], isDefault: false, createdBy: nil)
        ]))
  }

  @Test func fractionalMillisecondsAreRoundedAndHugeOnesRefused() throws {
    let pong = try WireSamples.decode(ServerSocketMessage.self, #"{"type":"pong","clientTime":1,"serverTime":99.6}"#)
    #expect(pong == .pong(clientTime: 1, serverTime: 100, serverTimeMicros: nil))
    #expect(throws: DecodingError.self) {
      try WireSamples.decode(ServerSocketMessage.self, #"{"type":"pong","serverTime":1e300}"#)
    }
  }

  @Test func anUnknownTypeIsUnknownNotAFailure() throws {
    let message = try WireSamples.decode(ServerSocketMessage.self, #"{"type":"hologram","beam":true}"#)
    #expect(message == .unknown(type: "hologram"))
  }

  @Test func everyTypeStringIsTheSeeds() {
    #expect(
      ServerMessageType.allCases.map(\.rawValue) == [
        "channel_list", "switched", "kick", "toast", "error", "pong", "scan_progress", "library_changed",
        "fetch_progress", "fetch_complete", "fetch_error", "fetch_cancelled", "activity", "chat", "chat_history",
        "chat_deleted",
      ])
  }

  @Test func activityRoundTripsWithAndWithoutAnActor() throws {
    for message in [
      ServerSocketMessage.activity(actor: "ana", message: "ana paused"),
      .activity(actor: nil, message: "skipped by vote"),
    ] {
      let json = try JSONEncoder().encode(message)
      #expect(try JSONDecoder().decode(ServerSocketMessage.self, from: json) == message)
    }
  }

  @Test func chatMessagesRoundTripAndKeepMarkupAsText() throws {
    let said = ChatMessage(
      id: "m1", userId: 3, username: "ana", text: "<script>x</script> & co", sentAt: 1_700_000_000_000)
    for message in [ServerSocketMessage.chat(said), .chatHistory([said]), .chatDeleted(messageID: "m1")] {
      let json = try JSONEncoder().encode(message)
      #expect(try JSONDecoder().decode(ServerSocketMessage.self, from: json) == message)
    }
    let wire = try WireSamples.serverJSON(ServerSocketMessage.chatDeleted(messageID: "m1"))
    #expect(wire == #"{"messageId":"m1","type":"chat_deleted"}"#)
    // A chat message this build cannot read is ignored like an unknown type, never a failure.
    let broken = try WireSamples.decode(ServerSocketMessage.self, #"{"type":"chat","message":{"id":1}}"#)
    #expect(broken == .unknown(type: "chat"))
  }
}
