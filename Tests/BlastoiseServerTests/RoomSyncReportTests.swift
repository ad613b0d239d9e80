import Foundation
import Testing

/// Everyone's sync end to end on loopback: each client reports how its player stands with the
/// room (`sync_report`), and every listener's state carries everyone's last report — a change of
/// state at once — so a host sees who is not in step.
@Suite struct RoomSyncReportTests {
  static func report(_ state: [String: Any], of name: String) -> [String: Any]? {
    (state["listenerSync"] as? [[String: Any]])?.first { $0["name"] as? String == name }
  }

  @Test func reportsReachEveryListenerAndGoWithTheirSocket() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer()
    let host = try await RoomTests.socket(server, owner, room: room)
    _ = try await host.state()
    let listener = try await RoomTests.socket(server, ann, room: room)
    _ = try await listener.state()

    try await listener.send(json: ["action": "sync_report", "state": "buffering"])
    let buffering = try await host.state { Self.report($0, of: "ann")?["state"] as? String == "buffering" }
    #expect(Self.report(buffering, of: "ann")?["driftMs"] == nil)
    try await listener.send(json: ["action": "sync_report", "state": "in-sync", "driftMs": 3.2])
    let inStep = try await host.state { Self.report($0, of: "ann")?["state"] as? String == "in-sync" }
    #expect(Self.report(inStep, of: "ann")?["driftMs"] as? Double == 3.2)
    // A later drift alone goes out with the room's next state (here: asked for).
    try await listener.send(json: ["action": "sync_report", "state": "in-sync", "driftMs": 1e12])
    try await listener.send(json: ["action": "sync_report", "state": "waiting"])
    _ = try await host.state { Self.report($0, of: "ann")?["state"] as? String == "waiting" }
    let read =
      try JSONSerialization.jsonObject(with: try await owner.get("/api/channels/\(room)").body) as? [String: Any]
    #expect(Self.report(read ?? [:], of: "ann")?["state"] as? String == "waiting")

    try await listener.send(json: ["action": "sync_report", "state": "lost"])
    let refused = try await listener.message { $0["type"] as? String == "error" }
    #expect((refused["message"] as? String)?.contains("in-sync, buffering, waiting, away") == true)

    // Gone with the socket: the next state no longer names ann.
    listener.hangUp()
    _ = try await host.state { $0["listenerCount"] as? Int == 1 && Self.report($0, of: "ann") == nil }
    await server.stop()
  }
}
