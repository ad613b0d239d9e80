import BlastoiseProtocol
import Foundation
import Testing

@testable import BlastoiseClient

/// The room socket: POSIX WebSocket client against the real server, cookie in the handshake,
/// typed events, the last queue kept, reconnecting after a restart.
@Suite struct RoomSocketTests {
  @Test func theHandshakeCarriesTheCookieAndTheFirstStateHasTheQueue() async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    let socket = RoomSocket(api: api, roomID: room.id, transport: POSIXWebSocketTransport())
    let log = EventLog(socket)
    await socket.start()
    let state = try await log.next { $0.state }
    #expect(state.roomID == room.id)
    #expect(state.queue?.count == 4)
    #expect(state.listeners == ["owner"])
    #expect(state.serverTime > 1_700_000_000_000)
    await socket.stop()
    _ = try await log.next { event -> Bool? in
      if case .disconnected(_, nil) = event { return true }
      return nil
    }
    await server.stop()
  }

  @Test func theServersCompressedMessagesAreInflated() async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    let connection = try await POSIXWebSocketTransport().connect(
      to: RoomSocket.url(base: api.baseURL, roomID: room.id), headers: api.requestHeaders)
    #expect((connection as? POSIXWebSocketConnection)?.deflates == true)
    // The first state, with the queue, is large enough that the server compresses it.
    var first: ReceivedText?
    for try await message in connection.messages {
      first = message
      break
    }
    let state = try JSONDecoder().decode(RoomState.self, from: Data(try #require(first).text.utf8))
    #expect(state.queue?.count == 4)
    connection.close()
    await server.stop()
  }

  @Test func withoutASessionTheSocketIsRefusedAndDoesNotRetry() async throws {
    let server = try await ClientTestServer()
    let (_, room) = try await server.signedIn("owner")
    let stranger = server.api()
    let socket = RoomSocket(api: stranger, roomID: room.id)
    let log = EventLog(socket)
    await socket.start()
    let reason = try await log.next { event -> String? in
      if case .disconnected(let reason, nil) = event { return reason }
      return nil
    }
    #expect(reason.contains("401"))
    await server.stop()
  }

  @Test func lightStatesGetTheLastQueueAndPingsArePonged() async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    let socket = RoomSocket(api: api, roomID: room.id)
    let log = EventLog(socket)
    await socket.start()
    let first = try await log.next { $0.state }
    try await socket.send(.pause)
    let paused = try await log.next { $0.state.flatMap { $0.paused ? $0 : nil } }
    #expect(paused.queue == first.queue)  // sent without a queue, filled in from the last
    #expect(paused.seq > first.seq)
    try await socket.send(.ping(clientTime: 12345.5))
    let pong = try await log.next { event -> (Double, Double)? in
      if case .pong(let clientTime, let serverTime, _) = event { return (clientTime, serverTime) }
      return nil
    }
    #expect(pong.0 == 12345.5)
    #expect(abs(pong.1 - Date().timeIntervalSince1970 * 1000) < 5000)
    // The server's time to the microsecond (serverTimeMicros), not its whole milliseconds: of
    // three pongs, one in a billion would have none but whole ones.
    var fractions = [pong.1.truncatingRemainder(dividingBy: 1)]
    for sent in [1.0, 2.0] {
      try await socket.send(.ping(clientTime: sent))
      fractions.append(
        try await log.next { event -> Double? in
          if case .pong(sent, let serverTime, _) = event { return serverTime.truncatingRemainder(dividingBy: 1) }
          return nil
        })
    }
    #expect(fractions.contains { $0 != 0 }, "\(fractions)")
    try await socket.send(.jump(99))
    let refused = try await log.next { event -> String? in
      if case .serverError(let message) = event { return message }
      return nil
    }
    #expect(!refused.isEmpty)
    await socket.stop()
    await server.stop()
  }

  @Test func itReconnectsAfterTheServerRestarts() async throws {
    let first = try await ClientTestServer()
    let port = first.server.port
    let (api, room) = try await first.signedIn("owner")
    let socket = RoomSocket(api: api, roomID: room.id, reconnect: ReconnectPolicy(base: 0.3, maximum: 1))
    let log = EventLog(socket)
    await socket.start()
    let before = try await log.next { $0.state }
    await first.stop()
    let retry = try await log.next { event -> Double? in
      if case .disconnected(_, let retryIn?) = event { return retryIn }
      return nil
    }
    #expect(retry == 0.3)
    await log.clear()
    // Same data, same port: the session (and the room) survive the restart.
    let second = try await ClientTestServer(port: port, dataDirectory: first.dataDirectory)
    let after = try await log.next(timeout: 15) { $0.state }
    #expect(after.roomID == before.roomID)
    #expect(after.queue?.map(\.id) == before.queue?.map(\.id))
    #expect(after.seq >= before.seq)
    await socket.stop()
    await second.stop()
  }

  @Test func backoffGrowsByThreeSecondsUpToThirty() {
    let policy = ReconnectPolicy()
    #expect((0..<12).map { policy.delay(attempt: $0) } == [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 30, 30])
  }

  @Test func socketURLsFollowTheServersScheme() {
    #expect(
      RoomSocket.url(base: URL(string: "http://h:3001")!, roomID: "a b").absoluteString
        == "ws://h:3001/api/channels/a%20b/ws")
    #expect(
      RoomSocket.url(base: URL(string: "https://tunes.example/")!, roomID: "x").absoluteString
        == "wss://tunes.example/api/channels/x/ws")
  }

  @Test func clientActionsAreTheContractsJSON() throws {
    for (action, expected) in [
      (ClientAction.pause, ["action": "pause"]), (.unpause, ["action": "unpause"]),
      (.switchRoom("a\"b"), ["action": "switch", "channelId": "a\"b"]),
    ] {
      let decoded = try JSONSerialization.jsonObject(with: Data(action.json.utf8)) as? [String: String]
      #expect(decoded == expected)
    }
    let seek = try JSONSerialization.jsonObject(with: Data(ClientAction.seek(45.5).json.utf8)) as? [String: Any]
    #expect(seek?["timestamp"] as? Double == 45.5)
    let jump = try JSONSerialization.jsonObject(with: Data(ClientAction.jump(3).json.utf8)) as? [String: Any]
    #expect(jump?["index"] as? Int == 3)
  }
}
