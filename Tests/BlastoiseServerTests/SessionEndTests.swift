import Foundation
import Testing

/// However a session ends, its sockets close and can no longer act.
@Suite struct SessionEndTests {
  @Test func logoutClosesTheSessionsSocket() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer()
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await socket.state()
    #expect(try await ann.post("/api/auth/logout").status == 200)
    try? await socket.send(json: ["action": "pause"])
    #expect(try await Self.closes(socket))
    #expect(try await Self.paused(room, seenBy: owner) == false)
    await server.stop()
  }

  @Test func kickOthersClosesTheOtherSessionsSocket() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer()
    let phone = server.client()
    try await phone.logIn("ann")
    let socket = try await RoomTests.socket(server, phone, room: room)
    _ = try await socket.state()
    #expect(try await ann.post("/api/auth/kick-others").status == 200)
    try? await socket.send(json: ["action": "pause"])
    #expect(try await Self.closes(socket))
    #expect(try await Self.paused(room, seenBy: owner) == false)
    await server.stop()
  }

  /// Whether the socket closes (after any messages); the wait is only a hang guard.
  static func closes(_ socket: SocketClient) async throws -> Bool {
    do {
      while try await socket.message(timeout: 120) != nil {}
      return true
    } catch {
      return false
    }
  }

  static func paused(_ room: String, seenBy observer: APIClient) async throws -> Bool? {
    let state = try JSONSerialization.jsonObject(with: try await observer.get("/api/channels/\(room)").body)
    return (state as? [String: Any])?["paused"] as? Bool
  }
}

extension SessionEndTests {
  /// A session past its maximum age is ended by housekeeping or when its socket next acts;
  /// either way the socket closes without acting.
  @Test func anExpiredSessionsSocketClosesWithoutActing() async throws {
    let clock = ManualClock(now: Date().timeIntervalSince1970)
    let (server, owner, ann, room) = try await RoomTests.roomServer(clock: clock)
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await socket.state()
    clock.advance(by: 91 * 86_400)
    try? await socket.send(json: ["action": "pause"])
    #expect(try await Self.closes(socket))
    #expect(try await ann.get("/api/auth/me").json(SeedAuthEnvelope.self).user == nil)
    try await owner.logIn("owner")
    #expect(try await Self.paused(room, seenBy: owner) == false)
    await server.stop()
  }
}
