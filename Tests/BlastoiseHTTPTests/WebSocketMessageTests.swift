import BlastoiseHTTP
import BlastoiseWebSocket
import Testing

@Test func echoAnswersMaskedTextOfEverySize() async throws {
  try await withServer(configure: { $0.webSocket.maxMessageBytes = 1 << 20 }, routes: echoRoutes(EchoEvents())) {
    _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    // 7-bit, 16-bit and 64-bit payload lengths.
    for text in ["héllo ✓", String(repeating: "a", count: 40_000), String(repeating: "b", count: 300_000)] {
      try await client.sendText(text)
      #expect(try await client.nextMessage() == .text(text))
    }
  }
}

@Test func fragmentedMessageIsReassembled() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    let text = Array("Hello, ✓ world".utf8)
    // The check mark's three bytes straddle the first two fragments; a ping arrives in between.
    try await client.sendFrame(.text, payload: Array(text[0..<8]), fin: false)
    try await client.sendFrame(.continuation, payload: Array(text[8..<10]), fin: false)
    try await client.sendFrame(.ping, payload: Array("mid".utf8))
    try await client.sendFrame(.continuation, payload: Array(text[10...]), fin: true)
    #expect(try await client.nextMessage() == .pong(Array("mid".utf8)))
    #expect(try await client.nextMessage() == .text("Hello, ✓ world"))
  }
}

@Test func pingIsAnsweredWithTheSamePayload() async throws {
  try await withServer(routes: echoRoutes(EchoEvents())) { _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    let payload = patternBytes(count: 125)
    try await client.sendFrame(.ping, payload: payload)
    #expect(try await client.nextMessage() == .pong(payload))
    try await client.sendFrame(.ping, payload: [])
    #expect(try await client.nextMessage() == .pong([]))
  }
}

/// Sends `frames` on a new connection and expects the server to close with `code`.
private func expectServerCloses(
  with code: WebSocketCloseCode, after frames: [[UInt8]], maxMessageBytes: Int = 64 * 1024
) async throws {
  let events = EchoEvents()
  try await withServer(configure: { $0.webSocket.maxMessageBytes = maxMessageBytes }, routes: echoRoutes(events)) {
    _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    for frame in frames { try await client.socket.send(frame) }
    let outcome = try await client.readUntilClose()
    #expect(outcome.receivedCloseFrame)
    #expect(outcome.code == code)
    #expect(outcome.streamEnded)
    let connection = try await events.connection()
    #expect(await events.closeCode(of: connection) != nil, "onClose was not called")
    #expect(try await fetch(port: port, "/ok").status == 200)
  }
}

private func masked(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
  WebSocketFrameEncoder.frame(opcode, payload: payload, fin: fin, maskingKey: WebSocketFrameEncoder.randomMaskingKey())
}

@Test func unmaskedClientFrameClosesWith1002() async throws {
  try await expectServerCloses(with: .protocolError, after: [WebSocketFrameEncoder.text("not masked")])
}

@Test func oversizedMessageClosesWith1009() async throws {
  try await expectServerCloses(
    with: .messageTooBig, after: [masked(.text, Array(repeating: 0x61, count: 4000))], maxMessageBytes: 1024)
  // Also when only the fragments together are too large.
  let fragment = [UInt8](repeating: 0x61, count: 600)
  try await expectServerCloses(
    with: .messageTooBig, after: [masked(.text, fragment, fin: false), masked(.continuation, fragment)],
    maxMessageBytes: 1024)
}

@Test func invalidUTF8TextClosesWith1007() async throws {
  try await expectServerCloses(with: .invalidPayload, after: [masked(.text, [0x61, 0xC3, 0x28])])
}

@Test func binaryMessageClosesWith1003() async throws {
  try await expectServerCloses(with: .unsupportedData, after: [masked(.binary, [1, 2, 3])])
}
