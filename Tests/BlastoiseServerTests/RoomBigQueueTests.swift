import BlastoiseCore
import Foundation
import Testing

/// A room whose queue is as long as the server allows (10,000 entries: a 2.5 MiB state, over the
/// 1 MiB send queue limit) and a listener reading like a phone on Wi-Fi (about 256 KiB per
/// 100 ms) while the queue is edited again and again — as an old client (plain frames) and as a
/// browser (permessage-deflate).
struct RoomBigQueueTests {
  @Test(arguments: [false, true])
  func throttledReaderIsNeverDroppedAndEndsWithTheLatestState(deflate: Bool) async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer()
    let ids = try await owner.get("/api/library").json([SeedTrack].self).map(\.id)
    let full = (0..<QueueEditor.maxLength).map { ids[$0 % ids.count] }
    let set = try JSONSerialization.data(withJSONObject: ["set": full])
    let filled = try await owner.request(
      "PATCH", "/api/channels/\(room)/queue", json: String(decoding: set, as: UTF8.self))
    #expect(filled.status == 200)

    let listener = try await SocketClient.connect(
      port: server.server.port, path: "/api/channels/\(room)/ws", cookie: ann.cookie,
      extensions: deflate ? "permessage-deflate; client_max_window_bits" : nil)
    listener.throttleBytesPer100ms = 256 << 10
    #expect(listener.deflates == deflate)

    let edits = 10
    // The listener reads all along, as a phone does, while the edits are made (a reader that
    // waited for the last edit would stall its socket for as long as the edits take).
    // Only the state after the last edit has this many entries; the socket closing on the way
    // fails the wait.
    let reading = Task {
      try await listener.state(timeout: 600) { ($0["queue"] as? [Any])?.count == full.count - edits }["channelId"]
        as? String
    }
    for _ in 0..<edits {
      let removed = try await owner.request("PATCH", "/api/channels/\(room)/queue", json: #"{"remove":[0]}"#)
      #expect(removed.status == 200)
    }
    #expect(try await reading.value == room)

    // Still served: a ping is answered.
    try await listener.send(json: ["action": "ping", "clientTime": 1])
    _ = try await listener.message { $0["type"] as? String == "pong" }
    let compressed = listener.inflations.current
    if deflate {
      #expect(compressed.messages >= 2)  // the state on connect and the latest, at least
      #expect(compressed.compressedBytes * 4 < compressed.inflatedBytes)
    } else {
      #expect(compressed.messages == 0)
    }
    await server.stop()
  }
}
