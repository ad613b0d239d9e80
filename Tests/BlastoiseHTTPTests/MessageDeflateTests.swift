import BlastoiseWebSocket
import Testing

@testable import BlastoiseHTTP

/// The zlib side of permessage-deflate, against RFC 7692's own example and a deflate bomb.
struct MessageDeflateTests {
  /// RFC 7692 §7.2.3.1: "Hello" in one compressed frame, tail removed.
  static let rfcHello: [UInt8] = [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]

  @Test func helloCompressesAsTheRFCShows() {
    #expect(MessageDeflate.compress(Array("Hello".utf8)[...]) == Self.rfcHello)
  }

  @Test func theRFCsHelloInflates() throws {
    #expect(try ZlibMessageInflater().inflate(Self.rfcHello[...], limit: 100) == Array("Hello".utf8))
  }

  /// §7.2.3.4 lets a sender end with a final block (BFINAL) instead of a sync flush.
  @Test func aMessageEndedWithAFinalBlockInflates() throws {
    let withFinalBlock: [UInt8] = [0xF3, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
    #expect(try ZlibMessageInflater().inflate(withFinalBlock[...], limit: 100) == Array("Hello".utf8))
  }

  @Test func largeTextRoundTripsAndShrinks() throws {
    let text = Array((0..<20_000).map { "{\"id\":\"sha256:\($0)\",\"title\":\"Track \($0)\"}," }.joined().utf8)
    let compressed = try #require(MessageDeflate.compress(text[...]))
    #expect(compressed.count < text.count / 3)
    #expect(try ZlibMessageInflater().inflate(compressed[...], limit: text.count) == text)
  }

  @Test func inflatingPastTheLimitIsRefused() throws {
    // 8 MiB of zeros in about 36 KiB: 128 times what a 64 KiB limit lets out.
    let bomb = try #require(MessageDeflate.compress(ArraySlice(repeating: 0, count: 8 << 20)))
    #expect(bomb.count < 64 << 10)
    #expect(throws: WebSocketProtocolError(closeCode: .messageTooBig, reason: "message inflates past 65536 bytes")) {
      try ZlibMessageInflater().inflate(bomb[...], limit: 64 << 10)
    }
    // Exactly at the limit is fine.
    let full = try #require(MessageDeflate.compress(ArraySlice(repeating: 0, count: 64 << 10)))
    #expect(try ZlibMessageInflater().inflate(full[...], limit: 64 << 10).count == 64 << 10)
  }

  @Test func dataThatIsNotDeflateIsInvalidPayload() {
    // 0xFF starts a block of the reserved type 3.
    let error = #expect(throws: WebSocketProtocolError.self) {
      try ZlibMessageInflater().inflate([0xFF, 0xFF][...], limit: 100)
    }
    #expect(error?.closeCode == .invalidPayload)
  }
}
