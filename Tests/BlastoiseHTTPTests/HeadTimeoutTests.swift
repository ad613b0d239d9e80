import BlastoiseHTTP
import BlastoiseWebSocket
import Foundation
import Testing

// Slowloris: a request head trickled a byte at a time must not hold its connection past the head
// deadline, though each byte restarts libmicrohttpd's idle timeout. The idle timeout is set far
// beyond the hang guards here, so a connection closed within them was closed by the deadline.

private func slowHeads(_ configuration: inout HTTPServer.Configuration) {
  configuration.headTimeout = .seconds(2)
  configuration.connectionTimeoutSeconds = 600
}

private func routes(_ router: inout Router) {
  router.immediate(.get, "/ok") { _ in .text("ok") }
  router.immediate(.post, "/echo", body: .json(maxBytes: 1024)) { request in .jsonBytes(Data(request.body)) }
}

@Test func headerTrickleIsClosedAtTheHeadDeadline() async throws {
  try await withServer(configure: slowHeads, routes: routes) { _, port in
    let socket = try TestSocket(port: port)
    let start = ContinuousClock.now
    let closed = try await offPool {
      try socket.trickleBlocking(endlessHead, every: .milliseconds(250), for: .seconds(60))
    }
    #expect(closed, "a byte every 250 ms kept the connection open for 60 s")
    #expect(elapsed(since: start) >= .milliseconds(1900))
    #expect(try await fetch(port: port, "/ok").status == 200)
  }
}

@Test func nextHeadOnAKeptAliveConnectionIsTimedFromItsFirstByte() async throws {
  try await withServer(configure: slowHeads, routes: routes) { _, port in
    let socket = try TestSocket(port: port)
    #expect(try await socket.request("/ok").status == 200)
    // Idle between requests for longer than the head deadline: that is the idle timeout's business.
    try await Task.sleep(for: .seconds(5))
    #expect(try await socket.request("/ok").status == 200)
    let closed = try await offPool {
      try socket.trickleBlocking(endlessHead, every: .milliseconds(250), for: .seconds(60))
    }
    #expect(closed, "the second head, trickled, kept the connection open for 60 s")
  }
}

@Test func slowBodyAndQuietWebSocketOutliveTheHeadDeadline() async throws {
  let events = EchoEvents()
  try await withServer(
    configure: {
      slowHeads(&$0)
      // The socket is not read while the body trickles, however long that takes on a busy
      // machine: no ping and no idle timeout may end it meanwhile (this test is about heads).
      $0.webSocket.pingInterval = .seconds(600)
      $0.webSocket.idleTimeout = .seconds(600)
    },
    routes: { router in
      routes(&router)
      echoRoutes(events)(&router)
    }
  ) { _, port in
    let webSocket = try await WebSocketTestClient.connect(port: port)
    let upload = try TestSocket(port: port)
    let body = Array(#"{"slow":true}"#.utf8)
    try await upload.send(
      "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.count)\r\n\r\n")
    // The body a byte every 500 ms: 6.5 s, three times the head deadline.
    let stillOpen = try await offPool {
      try !upload.trickleBlocking(body, every: .milliseconds(500), for: .seconds(60))
    }
    #expect(stillOpen)
    let answer = try await upload.readResponse()
    #expect(answer.status == 200)
    expectBytes(answer.body, body)

    try await webSocket.sendText("still here")
    #expect(try await webSocket.nextMessage() == .text("still here"))
  }
}

@Test func tricklersFillingTheServerDoNotKeepARealRequestOut() async throws {
  try await withServer(
    configure: {
      slowHeads(&$0)
      // The tricklers outnumber the places, as they would a small open-file limit; all come from
      // 127.0.0.1, so no cap per address.
      $0.connectionLimit = 100
      $0.connectionsPerAddress = 0
      // Waves of 100 a minute apart would keep the real request out past the hang guard: crowded,
      // the server gives heads a second.
      $0.headTimeout = .seconds(60)
    }, routes: routes
  ) { _, port in
    let tricklers = try await offPool { try Tricklers(count: 300, port: port, every: .milliseconds(250)) }
    // Queued behind them; served once the deadline has cleared the ones ahead.
    let socket = try TestSocket(port: port, timeout: .seconds(60))
    let answer = try? await socket.request("/ok")
    try await offPool { tricklers.stop() }
    #expect(answer?.status == 200, "the real request was not answered within 60 s")
  }
}
