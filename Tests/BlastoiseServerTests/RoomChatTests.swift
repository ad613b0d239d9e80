import Foundation
import Testing

/// Room chat end to end on loopback with real sockets: a message reaches everyone in the room and
/// no one elsewhere, markup stays text, whoever joins later gets the latest messages (kept across
/// a restart), length and rate are limited with a clear error, and only the author, the room's
/// owner or an admin may delete one.
@Suite struct RoomChatTests {
  static func chat(_ socket: SocketClient, _ text: String) async throws {
    try await socket.send(json: ["action": "chat", "text": text])
  }

  static func nextChat(_ socket: SocketClient, saying text: String? = nil) async throws -> [String: Any] {
    let message = try await socket.message { message in
      guard message["type"] as? String == "chat" else { return false }
      return text == nil || (message["message"] as? [String: Any])?["text"] as? String == text
    }
    return message["message"] as? [String: Any] ?? [:]
  }

  static func history(_ socket: SocketClient) async throws -> [[String: Any]] {
    try await socket.message { $0["type"] as? String == "chat_history" }["messages"] as? [[String: Any]] ?? []
  }

  static func error(_ socket: SocketClient) async throws -> String {
    try await socket.message { $0["type"] as? String == "error" }["message"] as? String ?? ""
  }

  @Test func aMessageReachesTheRoomAsTextAndLaterJoinersSeeIt() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer(guests: true)
    let ownerSocket = try await RoomTests.socket(server, owner, room: room)
    #expect(try await Self.history(ownerSocket).isEmpty)
    let annSocket = try await RoomTests.socket(server, ann, room: room)
    _ = try await Self.history(annSocket)
    // Someone in another room hears nothing of it.
    let elsewhere = try await owner.post("/api/channels", #"{"name":"Elsewhere"}"#).json(SeedChannelInfo.self).id
    let other = server.client()
    try await other.signUp("other")
    let otherSocket = try await RoomTests.socket(server, other, room: elsewhere)
    _ = try await Self.history(otherSocket)

    let markup = "  <img src=x onerror=alert(1)> & \"hi\"  "
    try await Self.chat(annSocket, markup)
    let heard = try await Self.nextChat(ownerSocket)
    #expect(heard["text"] as? String == "<img src=x onerror=alert(1)> & \"hi\"")
    #expect(heard["username"] as? String == "ann")
    #expect((heard["sentAt"] as? Double ?? 0) > 1_700_000_000_000)
    let echoed = try await Self.nextChat(annSocket)
    #expect(echoed["id"] as? String == heard["id"] as? String)
    try await Self.chat(otherSocket, "only here")
    _ = try await Self.nextChat(otherSocket)

    // A guest joining now gets the room's messages, oldest first; not the other room's.
    let guest = server.client()
    #expect(try await guest.get("/api/auth/me").status == 200)
    let guestSocket = try await RoomTests.socket(server, guest, room: room)
    let history = try await Self.history(guestSocket)
    #expect(history.map { $0["text"] as? String } == ["<img src=x onerror=alert(1)> & \"hi\""])
    try await Self.chat(guestSocket, "hello from a guest")
    #expect(try await Self.nextChat(ownerSocket)["text"] as? String == "hello from a guest")

    // Kept across a restart of the server.
    let directory = server.dataDirectory
    await server.stop()
    let again = try await TestServer { $0.dataDirectory = directory }
    let owner2 = again.client()
    _ = try await owner2.logIn("owner")
    let back = try await RoomTests.socket(again, owner2, room: room)
    #expect(try await Self.history(back).compactMap { $0["text"] as? String }.count == 2)
    await again.stop()
  }

  /// A room "Talk" made by the server's first account, and ann signed in. The room's clock stands
  /// still: the throttle's allowance cannot refill between sends, however slowly a busy machine
  /// makes them.
  static func talk() async throws -> (server: TestServer, owner: APIClient, ann: APIClient, room: String) {
    let files = ["00 tone.wav": LibraryRoutesTests.wav(seconds: 30, frequency: 330, title: "Tone")]
    let (server, owner) = try await LibraryRoutesTests.serverWithMusic(files, roomClock: ManualClock())
    let ann = server.client()
    try await ann.signUp("ann")
    let room = try await owner.post("/api/channels", #"{"name":"Talk"}"#).json(SeedChannelInfo.self).id
    return (server, owner, ann, room)
  }

  @Test func badAndTooManyMessagesAreRefusedWithAReason() async throws {
    let (server, _, ann, room) = try await Self.talk()
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await Self.history(socket)
    try await Self.chat(socket, String(repeating: "x", count: 501))
    #expect(try await Self.error(socket).contains("500"))
    try await Self.chat(socket, "   ")
    #expect(try await Self.error(socket).contains("text"))
    try await socket.send(json: ["action": "chat"])
    #expect(try await Self.error(socket).contains("'text'"))
    try await socket.send(json: ["action": "chat", "text": 42])
    #expect(try await Self.error(socket).contains("JSON"))

    // A burst of five goes through; the sixth at once is refused.
    for number in 1...6 { try await Self.chat(socket, "message \(number)") }
    for number in 1...5 { #expect(try await Self.nextChat(socket)["text"] as? String == "message \(number)") }
    #expect(try await Self.error(socket).contains("Slow down"))
    await server.stop()
  }

  /// A flood from many sockets of one person meets one allowance: a person's limit is theirs,
  /// however many tabs and devices they send from, and it stops no one else.
  @Test func aFloodFromManySocketsOfOnePersonIsOneAllowance() async throws {
    let (server, owner, ann, room) = try await Self.talk()
    let watcher = try await RoomTests.socket(server, owner, room: room)
    _ = try await Self.history(watcher)
    var floods: [SocketClient] = []
    for _ in 0..<8 {
      let socket = try await RoomTests.socket(server, ann, room: room)
      _ = try await Self.history(socket)
      floods.append(socket)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, socket) in floods.enumerated() {
        group.addTask {
          for round in 0..<3 { try await Self.chat(socket, "flood \(index)-\(round)") }
          // A socket's actions are answered in order: this one's error closes its answers.
          try await socket.send(json: ["action": "chat"])
        }
      }
      try await group.waitForAll()
    }
    // Every refused message is answered on its own socket: 24 sent, 5 through, 19 refused.
    var refused = 0
    for socket in floods {
      while true {
        let error = try await Self.error(socket)
        if error.contains("'text'") { break }
        if error.contains("Slow down") { refused += 1 }
      }
    }
    #expect(refused == 19)
    try await Self.chat(watcher, "the owner still talks")
    var fromAnn = 0
    while true {
      let chat = try await Self.nextChat(watcher)
      if chat["text"] as? String == "the owner still talks" { break }
      if chat["username"] as? String == "ann" { fromAnn += 1 }
    }
    #expect(fromAnn == 5)
    #expect(try await Self.history(try await RoomTests.socket(server, owner, room: room)).count == 6)
    await server.stop()
  }

  @Test func onlyTheAuthorTheOwnerOrAnAdminDeletesAMessage() async throws {
    let party = try await RoomRolesTests.party(guests: true)
    let server = party.server
    let ann = try await RoomTests.socket(server, party.ann, room: party.room)
    let ben = try await RoomTests.socket(server, party.ben, room: party.room)  // the room's owner
    let cat = try await RoomTests.socket(server, party.cat, room: party.room)
    for socket in [ann, ben, cat] { _ = try await Self.history(socket) }

    try await Self.chat(ann, "ann's words")
    let annMessage = try #require(try await Self.nextChat(cat, saying: "ann's words")["id"] as? String)
    try await Self.chat(cat, "cat's words")
    let catMessage = try #require(try await Self.nextChat(ann, saying: "cat's words")["id"] as? String)

    try await cat.send(json: ["action": "chat_delete", "messageId": annMessage])
    #expect(try await Self.error(cat).contains("Only its author"))
    try await ben.send(json: ["action": "chat_delete", "messageId": annMessage])  // owner
    let gone = try await cat.message { $0["type"] as? String == "chat_deleted" }
    #expect(gone["messageId"] as? String == annMessage)
    try await cat.send(json: ["action": "chat_delete", "messageId": catMessage])  // author
    _ = try await ann.message { $0["type"] as? String == "chat_deleted" && $0["messageId"] as? String == catMessage }
    try await ann.send(json: ["action": "chat_delete", "messageId": "nope"])
    #expect(try await Self.error(ann).contains("No such"))

    try await Self.chat(cat, "for the admin")
    let third = try #require(try await Self.nextChat(ann, saying: "for the admin")["id"] as? String)
    let admin = try await RoomTests.socket(server, party.admin, room: party.room)
    #expect(try await Self.history(admin).map { $0["id"] as? String } == [third])
    try await admin.send(json: ["action": "chat_delete", "messageId": third])
    _ = try await ann.message { $0["type"] as? String == "chat_deleted" && $0["messageId"] as? String == third }
    await server.stop()
  }
}

extension RoomChatTests {
  /// The owner takes a member out of the room: every socket of theirs there moves to the main
  /// room, told who did it, and may not come back for a while; a member may not remove anyone.
  @Test func theOwnerRemovesAPersonWhoCannotComeStraightBack() async throws {
    let party = try await RoomRolesTests.party()
    let server = party.server
    let ben = try await RoomTests.socket(server, party.ben, room: party.room)  // the owner
    let ann = try await RoomTests.socket(server, party.ann, room: party.room)
    let cat = try await RoomTests.socket(server, party.cat, room: party.room)
    for socket in [ben, ann, cat] { _ = try await socket.state() }

    try await cat.send(json: ["action": "remove_listener", "name": "ann"])
    #expect(try await Self.error(cat).contains("Only the room's owner"))
    try await ben.send(json: ["action": "remove_listener", "name": "nobody"])
    #expect(try await Self.error(ben).contains("not in this room"))

    try await ben.send(json: ["action": "remove_listener", "name": "ann"])
    let told = try await ann.message { $0["type"] as? String == "toast" }
    #expect(told["message"] as? String == "ben removed you from Party")
    let moved = try await ann.message { $0["type"] as? String == "switched" }
    #expect(moved["channelId"] as? String != party.room)
    let activity = try await cat.message { $0["type"] as? String == "activity" }
    #expect(activity["message"] as? String == "ben removed ann from the room")

    // Trying to come back is refused, on this socket and on a new one.
    try await ann.send(json: ["action": "switch", "channelId": party.room])
    #expect(try await Self.error(ann).contains("removed from that room"))
    let again = try await RoomTests.socket(server, party.ann, room: party.room)
    #expect(try await Self.error(again).contains("removed from that room"))
    let landed = try await again.state()
    #expect(landed["channelId"] as? String != party.room)
    await server.stop()
  }
}

extension RoomChatTests {
  /// A reaction to the playing track reaches the room as activity naming the track; anything but
  /// the few emoji, a room with nothing playing and a flood are refused with a reason. (The
  /// party's clock stands still: the allowance cannot refill between the sends.)
  @Test func aReactionToThePlayingTrackIsToldToTheRoom() async throws {
    let party = try await RoomRolesTests.party()
    let server = party.server
    let ben = try await RoomTests.socket(server, party.ben, room: party.room)
    let ann = try await RoomTests.socket(server, party.ann, room: party.room)
    _ = try await ben.state()
    let state = try await ann.state()
    let title = try #require((state["queue"] as? [[String: Any]])?.first?["title"] as? String)

    try await ann.send(json: ["action": "react", "emoji": "🔥"])
    let heard = try await ben.message { $0["type"] as? String == "activity" }
    #expect(heard["message"] as? String == "ann reacted 🔥 to \(title)")
    #expect(heard["actor"] as? String == "ann")
    try await ann.send(json: ["action": "react", "emoji": "<b>hi</b>"])
    #expect(try await Self.error(ann).contains("A reaction is one of"))
    try await ann.send(json: ["action": "react"])
    #expect(try await Self.error(ann).contains("'emoji'"))
    // The first reaction took one of five; four more pass, the next is refused.
    for _ in 1...5 { try await ann.send(json: ["action": "react", "emoji": "👏"]) }
    for _ in 1...4 {
      #expect(
        try await ben.message { $0["type"] as? String == "activity" }["message"] as? String
          == "ann reacted 👏 to \(title)")
    }
    #expect(try await Self.error(ann).contains("Slow down"))

    let empty = try await party.ben.post("/api/channels", #"{"name":"Empty"}"#).json(SeedChannelInfo.self).id
    let inEmpty = try await RoomTests.socket(server, party.ann, room: empty)
    _ = try await inEmpty.state()
    try await inEmpty.send(json: ["action": "react", "emoji": "👍"])
    #expect(try await Self.error(inEmpty).contains("Nothing is playing"))
    await server.stop()
  }
}

extension RoomChatTests {
  /// A display name set while the socket is open shows on the next message, and stays with the
  /// messages written under it (also for whoever joins later).
  @Test func aMessageCarriesTheDisplayNameItWasWrittenUnder() async throws {
    let (server, _, ann, room) = try await RoomTests.roomServer()
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await Self.history(socket)
    try await Self.chat(socket, "before")
    #expect(try await Self.nextChat(socket, saying: "before")["displayName"] == nil)
    _ = try await ann.request("PATCH", "/api/auth/me", json: #"{"displayName":"Ann of Green Gables"}"#)
    try await Self.chat(socket, "after")
    let after = try await Self.nextChat(socket, saying: "after")
    #expect(after["displayName"] as? String == "Ann of Green Gables" && after["username"] as? String == "ann")
    let later = try await RoomTests.socket(server, ann, room: room)
    let kept = try await Self.history(later)
    #expect(kept.map { $0["displayName"] as? String } == [nil, "Ann of Green Gables"])
    await server.stop()
  }
}
