import BlastoiseHTTP
import BlastoiseWebSocket
import Testing

@Test func handshakeAnswers101WithTheAcceptKey() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    // The example of RFC 6455 §1.3.
    let client = try await WebSocketTestClient.connect(port: port, key: "dGhlIHNhbXBsZSBub25jZQ==")
    #expect(client.handshake.status == 101)
    #expect(client.handshake.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(client.handshake.header("Upgrade")?.lowercased() == "websocket")
    #expect(client.handshake.header("Connection")?.lowercased().contains("upgrade") == true)
    try await client.sendText("hi")
    #expect(try await client.nextMessage() == .text("hi"))
  }
}

@Test func handshakeWithoutAValidKeyIs400() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    for key in [nil, "tooshort==", "dGhlIHNhbXBsZSBub25jZQ"] as [String?] {
      let response = try await TestSocket(port: port).exchange(
        WebSocketTestClient.upgradeRequest(path: "/ws", key: key))
      #expect(response.status == 400, "key \(String(describing: key))")
      #expect(response.errorMessage == "Missing or invalid Sec-WebSocket-Key")
    }
    // A plain GET on the WebSocket route is not an upgrade.
    #expect(try await fetch(port: port, "/ws").status == 400)
  }
}

@Test func handshakeWithAnotherVersionIs426() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    let request = WebSocketTestClient.upgradeRequest(path: "/ws", key: WebSocketHandshake.makeClientKey(), version: "8")
    let response = try await TestSocket(port: port).exchange(request)
    #expect(response.status == 426)
    #expect(response.header("Sec-WebSocket-Version") == "13")
  }
}

@Test func framesSentWithTheHandshakeAreNotLost() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    // One write: the upgrade request and two frames. The server reads them together with the
    // headers and must hand them to the WebSocket before anything else.
    let socket = try TestSocket(port: port)
    let key = WebSocketHandshake.makeClientKey()
    let request = Array(WebSocketTestClient.upgradeRequest(path: "/ws", key: key).utf8)
    let frames = ["early", "bird"].flatMap { WebSocketFrameEncoder.text($0, maskingKey: (1, 2, 3, 4)) }
    let handshake = try await socket.exchange("", body: request + frames)
    #expect(handshake.status == 101)
    #expect(handshake.header("Sec-WebSocket-Accept") == WebSocketHandshake.acceptKey(forClientKey: key))
    let messages = try await offPool {
      var reader = WebSocketReader(role: .client, maxMessageBytes: 1 << 20)
      reader.feed(socket.takePending())
      var messages: [WebSocketMessage] = []
      while messages.count < 2 {
        if let message = try reader.nextMessage() {
          messages.append(message)
        } else {
          guard try socket.fillBlocking() else { break }
          reader.feed(socket.takePending())
        }
      }
      return messages
    }
    #expect(messages == [.text("early"), .text("bird")])
  }
}
