import BlastoiseWebSocket
import Testing

/// RSV1 with a negotiated permessage-deflate (RFC 7692 §6): which frames may carry it, and what
/// reaches the inflater. The inflater here is a stand-in (it reverses the bytes), so these tests
/// check the framing alone; zlib's side is tested with the server.
struct ReaderCompressionTests {
  struct ReversingInflater: WebSocketMessageInflater {
    func inflate(_ compressed: ArraySlice<UInt8>, limit: Int) throws(WebSocketProtocolError) -> [UInt8] {
      guard compressed.count <= limit else { throw WebSocketProtocolError(closeCode: .messageTooBig, reason: "big") }
      return compressed.reversed()
    }
  }

  func read(_ frames: [[UInt8]], maxMessageBytes: Int = 1024) -> ReadResult {
    var reader = WebSocketReader(role: .server, maxMessageBytes: maxMessageBytes, inflater: ReversingInflater())
    reader.feed(frames.flatMap { $0 })
    var result = ReadResult()
    do {
      while let message = try reader.nextMessage() { result.messages.append(message) }
    } catch {
      result.error = error
    }
    return result
  }

  func frame(
    _ opcode: WebSocketOpcode, _ payload: String, fin: Bool = true, compressed: Bool = false
  ) -> [UInt8] {
    WebSocketFrameEncoder.frame(
      opcode, payload: Array(payload.utf8), fin: fin, compressed: compressed, maskingKey: rfcMaskingKey)
  }

  @Test func aCompressedMessageIsInflatedAndAPlainOneIsNot() {
    let result = read([frame(.text, "olleh", compressed: true), frame(.text, "plain")])
    #expect(result == ReadResult(messages: [.text("hello"), .text("plain")]))
  }

  @Test func aFragmentedCompressedMessageIsInflatedWhole() {
    let result = read([
      frame(.text, "dlrow", fin: false, compressed: true), frame(.ping, "p"), frame(.continuation, " olleh"),
    ])
    #expect(result == ReadResult(messages: [.ping(Array("p".utf8)), .text("hello world")]))
  }

  @Test func inflatedTextMustBeUTF8() {
    let invalid = WebSocketFrameEncoder.frame(.text, payload: [0xFF], compressed: true, maskingKey: rfcMaskingKey)
    #expect(read([invalid]).error?.closeCode == .invalidPayload)
  }

  @Test func theInflatersRefusalEndsTheStream() {
    let result = read([frame(.text, String(repeating: "a", count: 20), compressed: true)], maxMessageBytes: 10)
    #expect(result.error?.closeCode == .messageTooBig)
  }

  @Test(arguments: [WebSocketOpcode.ping, .pong, .close])
  func controlFramesMayNotBeCompressed(opcode: WebSocketOpcode) {
    #expect(read([frame(opcode, "", compressed: true)]).error?.closeCode == .protocolError)
  }

  @Test func continuationFramesMayNotBeCompressed() {
    let result = read([frame(.text, "a", fin: false), frame(.continuation, "b", compressed: true)])
    #expect(result.error?.closeCode == .protocolError)
  }

  @Test(arguments: [UInt8(0x20), 0x10])
  func otherReservedBitsStayErrors(bits: UInt8) {
    var bytes = frame(.text, "a")
    bytes[0] |= bits
    #expect(read([bytes]).error?.closeCode == .protocolError)
  }
}
