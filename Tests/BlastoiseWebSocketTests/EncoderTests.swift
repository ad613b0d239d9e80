import Testing

@testable import BlastoiseWebSocket

struct EncoderTests {
  @Test func unmaskedTextMatchesTheRFCExample() {
    #expect(WebSocketFrameEncoder.text("Hello") == hexBytes("81 05 48 65 6c 6c 6f"))
  }

  @Test func maskedTextMatchesTheRFCExample() {
    let frame = WebSocketFrameEncoder.text("Hello", maskingKey: rfcMaskingKey)
    #expect(frame == hexBytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"))
  }

  @Test func unfinishedFrameHasFinClear() {
    #expect(WebSocketFrameEncoder.frame(.text, payload: Array("Hel".utf8), fin: false) == hexBytes("01 03 48 65 6c"))
  }

  @Test(arguments: [
    (0, [UInt8(0x82), 0x00]),
    (125, [0x82, 0x7D]),
    (126, [0x82, 0x7E, 0x00, 0x7E]),
    (65535, [0x82, 0x7E, 0xFF, 0xFF]),
    (65536, [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00]),
  ])
  func lengthUsesTheShortestEncoding(length: Int, header: [UInt8]) {
    let frame = WebSocketFrameEncoder.binary([UInt8](repeating: 0xAB, count: length))
    #expect(Array(frame.prefix(header.count)) == header)
    #expect(frame.count == header.count + length)
  }

  @Test(arguments: [0, 1, 3, 7, 8, 9, 15, 16, 17, 125, 126, 127, 65535, 65536, 70_001])
  func clientMaskedBinaryRoundTripsThroughAServerReader(length: Int) {
    let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
    let frame = WebSocketFrameEncoder.binary(payload, maskingKey: WebSocketFrameEncoder.randomMaskingKey())
    #expect(read(frame, role: .server) == ReadResult(messages: [.binary(payload)]))
  }

  @Test func clientMaskedTextRoundTripsThroughAServerReader() {
    let text = "Blastoise ♫ 🐢 " + String(repeating: "ü", count: 300)
    let frame = WebSocketFrameEncoder.text(text, maskingKey: (1, 2, 3, 4))
    #expect(read(frame, role: .server) == ReadResult(messages: [.text(text)]))
  }

  @Test func serverUnmaskedFramesRoundTripThroughAClientReader() {
    let stream =
      WebSocketFrameEncoder.text("now playing")
      + WebSocketFrameEncoder.ping([1, 2])
      + WebSocketFrameEncoder.pong([3])
      + WebSocketFrameEncoder.close(code: .goingAway, reason: "restart")
    let expected: [WebSocketMessage] = [
      .text("now playing"), .ping([1, 2]), .pong([3]), .close(code: .goingAway, reason: "restart"),
    ]
    #expect(read(stream, role: .client) == ReadResult(messages: expected))
  }

  @Test func fragmentsFromTheEncoderReassemble() {
    let key: WebSocketMaskingKey = (9, 8, 7, 6)
    let stream =
      WebSocketFrameEncoder.frame(.text, payload: Array("Hel".utf8), fin: false, maskingKey: key)
      + WebSocketFrameEncoder.frame(.continuation, payload: Array("lo".utf8), maskingKey: key)
    #expect(read(stream, role: .server) == ReadResult(messages: [.text("Hello")]))
  }

  @Test func closeFrameCarriesTheCodeBigEndian() {
    #expect(WebSocketFrameEncoder.close(code: .messageTooBig) == hexBytes("88 02 03 f1"))
  }

  @Test func closeReasonIsCutAtACharacterBoundaryToFit() {
    // 100 two-byte characters: only 61 fit in the 123 bytes after the code.
    let frame = WebSocketFrameEncoder.close(code: .normal, reason: String(repeating: "é", count: 100))
    #expect(frame.count == 2 + 2 + 122)
    let result = read(frame, role: .client)
    #expect(result == ReadResult(messages: [.close(code: .normal, reason: String(repeating: "é", count: 61))]))
  }

  @Test func pingPayloadIsCutTo125Bytes() {
    let frame = WebSocketFrameEncoder.ping([UInt8](repeating: 1, count: 200))
    #expect(read(frame, role: .client) == ReadResult(messages: [.ping([UInt8](repeating: 1, count: 125))]))
  }

  @Test func maskingMatchesAPlainBytewiseXORForEveryLengthAndAlignment() {
    let key: WebSocketMaskingKey = (0xA1, 0x02, 0xF3, 0x44)
    let keyBytes: [UInt8] = [0xA1, 0x02, 0xF3, 0x44]
    for offset in 0..<8 {
      for length in 0..<40 {
        var storage = (0..<(offset + length)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let expected = storage.enumerated().map { index, byte in
          index < offset ? byte : byte ^ keyBytes[(index - offset) % 4]
        }
        storage.withUnsafeMutableBytes { raw in
          WebSocketMasking.apply(key, to: UnsafeMutableRawBufferPointer(rebasing: raw[offset...]))
        }
        #expect(storage == expected, "offset \(offset) length \(length)")
      }
    }
  }

  @Test func randomMaskingKeysDiffer() {
    let keys = (0..<8).map { _ in
      let k = WebSocketFrameEncoder.randomMaskingKey()
      return [k.0, k.1, k.2, k.3]
    }
    #expect(Set(keys).count > 1)
  }
}
