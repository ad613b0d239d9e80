import BlastoiseHTTP
import BlastoiseWebSocket
import Testing

@Test func clientCloseIsEchoedAndReported() async throws {
  let events = EchoEvents()
  try await withServer(routes: echoRoutes(events)) { _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    let connection = try await events.connection()
    try await client.sendClose(.normal)
    let outcome = try await client.readUntilClose()
    #expect(outcome.receivedCloseFrame)
    #expect(outcome.code == .normal)
    #expect(outcome.streamEnded)
    #expect(await events.closeCode(of: connection) == .some(.normal))
    // Sending to a closed connection is harmless.
    connection.send(text: "late")
  }
}

@Test func applicationCloseReachesTheClient() async throws {
  let events = EchoEvents()
  try await withServer(routes: echoRoutes(events)) { _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    let connection = try await events.connection()
    connection.close(code: .goingAway, reason: "moving on")
    #expect(try await client.nextMessage() == .close(code: .goingAway, reason: "moving on"))
    try await client.sendClose(.goingAway)
    #expect(try await client.socket.waitForPeerClose(within: .seconds(120)))
    #expect(await events.closeCode(of: connection) != nil)
    #expect(stillOpen(events).isEmpty)
  }
}

/// Connections still open according to `events`.
private func stillOpen(_ events: EchoEvents) -> [WebSocketConnection] {
  events.opened.all.filter { connection in !events.closed.all.contains { $0.id == connection.id } }
}

@Test func shutdownClosesOpenSocketsWith1001() async throws {
  let events = EchoEvents()
  // With a close timeout longer than the hang guards here, each socket's end shows the server
  // completed the closing handshake rather than waiting the timeout out.
  try await withServer(configure: { $0.webSocket.closeTimeout = .seconds(600) }, routes: echoRoutes(events)) {
    server, port in
    let clients = [
      try await WebSocketTestClient.connect(port: port), try await WebSocketTestClient.connect(port: port),
    ]
    _ = await events.opened.wait { $0.count == 2 }
    async let stopped: Void = server.shutdown(grace: .seconds(10))
    for client in clients {
      let message = try await client.nextMessage()
      guard case .close(let code, _) = message else {
        Issue.record("expected a close frame, got \(String(describing: message))")
        continue
      }
      #expect(code == .goingAway)
      try await client.sendClose(.goingAway)
      #expect(try await client.socket.waitForPeerClose(within: .seconds(120)))
    }
    await stopped
    #expect(await events.closed.wait { $0.count == 2 })
    // The listener is gone.
    #expect(throws: (any Error).self) { try TestSocket(port: port) }
  }
}

@Test func coalescedStateReplacesOlderQueuedStates() async throws {
  let events = EchoEvents()
  // The stall timeout is a long hang guard here: the client starts reading only after every
  // send, which on a busy machine can be later than the default 30 s.
  let configure: (inout HTTPServer.Configuration) -> Void = {
    $0.webSocket.maxQueuedBytes = 16 << 20
    $0.webSocket.sendStallTimeout = .seconds(600)
  }
  try await withServer(configure: configure, routes: echoRoutes(events)) { _, port in
    // The client does not read yet: once the kernel buffers are full, the server queues.
    let client = try await WebSocketTestClient.connect(port: port)
    let connection = try await events.connection()
    let filler = EncodedFrame.text(String(repeating: "f", count: 64 * 1024))
    let fillerCount = 128  // 8 MiB: more than the kernel buffers on both ends can take.
    for _ in 0..<fillerCount { connection.send(filler) }
    for index in 1...20 { connection.send(text: "state-\(index)", coalescingKey: "state") }
    connection.send(text: "end")

    var fillers = 0
    var others: [String] = []
    while others.last != "end" {
      guard case .text(let text) = try await client.nextMessage() else {
        Issue.record("connection ended early")
        return
      }
      if text.hasPrefix("fff") { fillers += 1 } else { others.append(text) }
    }
    #expect(fillers == fillerCount)
    #expect(others == ["state-20", "end"])
  }
}
