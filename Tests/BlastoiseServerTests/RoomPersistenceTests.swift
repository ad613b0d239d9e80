import Foundation
import Testing

/// Every room state the API acknowledged survives `kill -9` of the real executable.
@Suite struct RoomPersistenceTests {
  @Test func stateSurvivesAKilledServer() async throws {
    let data = try temporaryDirectory()
    let music = try temporaryDirectory()
    for index in 0..<3 {
      try LibraryRoutesTests.wav(seconds: 60, frequency: 300 + Double(index) * 40, title: "Long \(index)")
        .write(to: URL(fileURLWithPath: "\(music)/\(index).wav"))
    }
    let arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data, "--music-dir", music]
    let first = try ServerProcess(arguments: arguments)
    let client = APIClient(base: "http://127.0.0.1:\(try await first.waitUntilListening())")
    try await client.signUp("keeper")
    var room = ""
    for _ in 0..<2400 {  // 60 s: a hang guard
      if let info = try await client.get("/api/channels").json([SeedChannelInfo].self).first, info.trackCount == 3 {
        room = info.id
        break
      }
      try await Task.sleep(for: .milliseconds(25))
    }
    let queue = try await client.get("/api/library").json([SeedTrack].self).map(\.id)
    #expect(
      try await client.request("PATCH", "/api/channels/\(room)/queue", json: #"{"add":["\#(queue[1])"],"insertAt":0}"#)
        .status == 200)
    #expect(try await client.post("/api/channels/\(room)/mode", #"{"mode":"repeat-one"}"#).status == 200)
    #expect(try await client.post("/api/channels/\(room)/jump", #"{"index":2}"#).status == 200)
    #expect(try await client.post("/api/channels/\(room)/seek", #"{"timestamp":33}"#).status == 200)
    let socket = try await SocketClient.connect(
      port: first.port, path: "/api/channels/\(room)/ws", cookie: client.cookie)
    _ = try await socket.state()
    try await socket.send(json: ["action": "pause"])
    _ = try await socket.state { $0["paused"] as? Bool == true }
    let before = try await client.get("/api/channels/\(room)").json(SeedChannelState.self)
    first.signal(SIGKILL)
    _ = try await first.waitForExit()

    let second = try ServerProcess(arguments: arguments)
    let again = APIClient(base: "http://127.0.0.1:\(try await second.waitUntilListening())")
    again.cookie = client.cookie
    let after = try await again.get("/api/channels/\(room)").json(SeedChannelState.self)
    #expect(after.currentIndex == 2)
    #expect(after.paused)
    #expect(after.playbackMode == "repeat-one")
    #expect(abs(after.currentTimestamp - before.currentTimestamp) < 0.01)
    #expect(after.track?.id == queue[1] || after.track != nil)
    let reconnect = try await SocketClient.connect(
      port: second.port, path: "/api/channels/\(room)/ws", cookie: client.cookie)
    let state = try await reconnect.state()
    let ids = (state["queue"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(ids.count == 4)
    #expect(ids.first == queue[1])
    second.signal(SIGTERM)
    #expect(try await second.waitForExit().status == 0)
  }
}
