import BlastoiseHTTP
import BlastoiseWebSocket
import Testing

extension WebSocketTestClient {
  /// Reads for `duration`, answering every ping with a pong. Returns the pings seen, or nil if the
  /// server closed the connection.
  func answerPingsBlocking(for duration: Duration) throws -> Int? {
    try socket.withShortTimeout(.milliseconds(50)) {
      var pings = 0
      let deadline = ContinuousClock.now + duration
      while ContinuousClock.now < deadline {
        let message: WebSocketMessage?
        do { message = try nextMessageBlocking() } catch TestSocketError.timedOut { continue }
        switch message {
        case nil, .close: return nil
        case .ping(let payload):
          pings += 1
          do {
            try socket.sendBlocking(
              WebSocketFrameEncoder.pong(payload, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
          } catch {
            return nil  // Dropped.
          }
        default: break
        }
      }
      return pings
    }
  }
}

@Test func silentWebSocketIsDroppedWhileOneAnsweringPingsStays() async throws {
  let events = EchoEvents()
  try await withServer(
    configure: {
      $0.webSocket.pingInterval = .seconds(1)
      $0.webSocket.idleTimeout = .seconds(4)
    }, routes: echoRoutes(events)
  ) { _, port in
    // Each client lives on a thread of its own from the handshake on, so that a busy test run
    // cannot delay its reads (or its pongs) and blur the timing.
    async let silentLifetime = offPool { () -> Duration? in
      let client = try WebSocketTestClient.connectBlocking(port: port)
      let connected = ContinuousClock.now
      return try client.socket.waitForPeerCloseBlocking(within: .seconds(120)) ? elapsed(since: connected) : nil
    }
    async let answering = offPool { () -> (pings: Int?, echo: WebSocketMessage?) in
      let client = try WebSocketTestClient.connectBlocking(port: port)
      let pings = try client.answerPingsBlocking(for: .seconds(10))
      try client.socket.sendBlocking(WebSocketFrameEncoder.text("still here", maskingKey: (9, 8, 7, 6)))
      // The server's next ping may come before the echo.
      var message = try client.nextMessageBlocking()
      while case .ping = message { message = try client.nextMessageBlocking() }
      return (pings, message)
    }

    let lifetime = try #require(try await silentLifetime, "the silent client was not dropped")
    // Not before the idle timeout (how long after it depends on the machine's load).
    #expect(lifetime >= .milliseconds(3900), "dropped after \(lifetime)")
    #expect(await events.closed.wait { !$0.isEmpty }, "onClose was not called")

    let (pings, echo) = try await answering
    #expect(pings != nil, "the client answering pings was dropped")
    #expect((pings ?? 0) >= 2, "pings every second for 10 s")
    #expect(echo == .text("still here"))
  }
}

@Test func stalledHTTPClientIsDisconnected() async throws {
  try await withServer(
    configure: { $0.connectionTimeoutSeconds = 1 },
    routes: { $0.immediate(.get, "/ok") { _ in .text("ok") } }
  ) { _, port in
    let start = ContinuousClock.now
    let stalled = try TestSocket(port: port)
    try await stalled.send("GET /ok HT")  // Half a request line, then nothing.
    let idle = try TestSocket(port: port)
    #expect(try await idle.request("/ok").status == 200)  // Then idle on a kept-alive connection.

    #expect(try await stalled.waitForPeerClose(within: .seconds(120)))
    #expect(elapsed(since: start) >= .milliseconds(900))
    #expect(try await idle.waitForPeerClose(within: .seconds(120)))
    #expect(try await fetch(port: port, "/ok").status == 200)
  }
}
