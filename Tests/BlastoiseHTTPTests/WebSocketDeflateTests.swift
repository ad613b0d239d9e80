import BlastoiseWebSocket
import Testing

@testable import BlastoiseHTTP

/// permessage-deflate (RFC 7692) over real sockets: what browsers offer is accepted, messages
/// go compressed both ways, clients that offer nothing see no change, and a deflate bomb is
/// refused with a close while the server carries on.
struct WebSocketDeflateTests {
  static let chromiumOffer = "permessage-deflate; client_max_window_bits"
  static let acceptance = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
  /// 55 KB of text, under the 64 KiB a message may have.
  static let largeText = String(repeating: "a room state, repeated ", count: 2400)

  @Test func chromiumsOfferIsAcceptedAndMessagesRoundTripCompressed() async throws {
    let events = EchoEvents()
    try await withServer(routes: echoRoutes(events)) { _, port in
      let client = try await WebSocketTestClient.connect(port: port, extensions: Self.chromiumOffer)
      #expect(client.handshake.header("Sec-WebSocket-Extensions") == Self.acceptance)

      // RFC 7692's compressed "Hello"; the echo is short, so it comes back plain.
      try await client.sendFrame(.text, payload: MessageDeflateTests.rfcHello, compressed: true)
      #expect(try await client.nextMessage() == .text("Hello"))
      #expect(client.inflated.all.isEmpty)

      // A large message, compressed and fragmented (RSV1 on the first frame only).
      let compressed = try #require(MessageDeflate.compress(Array(Self.largeText.utf8)[...]))
      let half = compressed.count / 2
      try await client.sendFrame(.text, payload: Array(compressed[..<half]), fin: false, compressed: true)
      try await client.sendFrame(.continuation, payload: Array(compressed[half...]))
      #expect(try await client.nextMessage() == .text(Self.largeText))
      #expect(events.texts.all == ["Hello", Self.largeText])
      // The echo came back compressed.
      let inflation = try #require(client.inflated.all.last)
      #expect(inflation.inflated == Self.largeText.utf8.count)
      #expect(inflation.compressed < Self.largeText.utf8.count / 10)
    }
  }

  @Test(arguments: [nil, "permessage-deflate; server_max_window_bits=10", "permessage-deflate; mystery", "x-other"])
  func withoutAnAcceptedOfferFramesArePlain(offer: String?) async throws {
    let events = EchoEvents()
    try await withServer(routes: echoRoutes(events)) { _, port in
      let client = try await WebSocketTestClient.connect(port: port, extensions: offer)
      #expect(client.handshake.header("Sec-WebSocket-Extensions") == nil)
      // This client's reader has no inflater: a compressed frame would fail it.
      try await client.sendText(Self.largeText)
      #expect(try await client.nextMessage() == .text(Self.largeText))
      // And the server refuses compressed frames from it.
      try await client.sendFrame(.text, payload: MessageDeflateTests.rfcHello, compressed: true)
      let outcome = try await client.readUntilClose()
      #expect(outcome.code == .protocolError)
    }
  }

  @Test func inflateBombIsRefusedWithACloseAndTheServerCarriesOn() async throws {
    let events = EchoEvents()
    try await withServer(routes: echoRoutes(events)) { _, port in
      let client = try await WebSocketTestClient.connect(port: port, extensions: Self.chromiumOffer)
      let connection = try await events.connection()
      // 36 KiB on the wire, 8 MiB inflated: 128 times the 64 KiB a message may have.
      let bomb = try #require(MessageDeflate.compress(ArraySlice(repeating: UInt8(ascii: " "), count: 8 << 20)))
      #expect(bomb.count < 64 << 10)
      try await client.sendFrame(.text, payload: bomb, compressed: true)
      let outcome = try await client.readUntilClose()
      #expect(outcome.code == .messageTooBig)
      #expect(outcome.streamEnded)
      #expect(await events.closeCode(of: connection) != nil)
      #expect(events.texts.all.isEmpty)

      let other = try await WebSocketTestClient.connect(port: port, extensions: Self.chromiumOffer)
      try await other.sendText("still here")
      #expect(try await other.nextMessage() == .text("still here"))
    }
  }
}
