import BlastoiseWebSocket
import Testing

/// Every rule the reader enforces, with the close code RFC 6455 calls for.
struct ReaderErrorTests {
  @Test(arguments: [UInt8(0x40), 0x20, 0x10, 0x70])
  func reservedBitsAreAProtocolError(bits: UInt8) {
    #expect(errorCode(clientFrame(firstByte: 0x82 | bits, payload: [1]), role: .server) == .protocolError)
  }

  @Test(arguments: [UInt8(3), 4, 5, 6, 7, 11, 12, 13, 14, 15])
  func reservedOpcodesAreAProtocolError(opcode: UInt8) {
    #expect(errorCode(clientFrame(firstByte: 0x80 | opcode), role: .server) == .protocolError)
  }

  @Test func serverRejectsUnmaskedFrames() {
    #expect(errorCode(hexBytes("81 05 48 65 6c 6c 6f"), role: .server) == .protocolError)
  }

  @Test func clientRejectsMaskedFrames() {
    #expect(errorCode(hexBytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"), role: .client) == .protocolError)
  }

  @Test(arguments: [WebSocketOpcode.ping, .pong, .close])
  func controlFramePayloadOver125IsAProtocolErrorFromTheHeaderAlone(opcode: WebSocketOpcode) {
    // 126 announces a 16-bit length; the header alone must fail, with no payload sent.
    let header = [0x80 | opcode.rawValue, 0xFE, 0x00, 0x7E]
    #expect(errorCode(header, role: .server) == .protocolError)
  }

  @Test func controlFramePayloadOf125IsAccepted() {
    let payload = [UInt8](repeating: 0x61, count: 125)
    let frame = WebSocketFrameEncoder.frame(.ping, payload: payload, maskingKey: rfcMaskingKey)
    #expect(read(frame, role: .server) == ReadResult(messages: [.ping(payload)]))
  }

  @Test(arguments: [WebSocketOpcode.ping, .pong, .close])
  func fragmentedControlFrameIsAProtocolError(opcode: WebSocketOpcode) {
    #expect(errorCode(hexBytes("0\(String(opcode.rawValue, radix: 16)) 00"), role: .client) == .protocolError)
  }

  @Test func sixtyFourBitLengthWithMostSignificantBitIsAProtocolError() {
    #expect(errorCode(hexBytes("82 7F 80 00 00 00 00 00 00 05"), role: .client) == .protocolError)
  }

  @Test func continuationWithoutAStartedMessageIsAProtocolError() {
    #expect(errorCode(hexBytes("80 02 6c 6f"), role: .client) == .protocolError)
  }

  @Test func continuationAfterAFinishedMessageIsAProtocolError() {
    #expect(errorCode(hexBytes("01 01 48 80 01 69 80 01 21"), role: .client) == .protocolError)
  }

  @Test(arguments: ["01 01 48 81 01 69", "01 01 48 02 01 69", "02 01 48 82 01 69"])
  func newDataFrameInsideAFragmentedMessageIsAProtocolError(stream: String) {
    #expect(errorCode(hexBytes(stream), role: .client) == .protocolError)
  }

  @Test func singleFrameOverTheLimitIsMessageTooBig() {
    let frame = WebSocketFrameEncoder.binary([UInt8](repeating: 1, count: 101), maskingKey: rfcMaskingKey)
    #expect(errorCode(frame, role: .server, maxMessageBytes: 100) == .messageTooBig)
  }

  @Test func singleFrameAtTheLimitIsAccepted() {
    let payload = [UInt8](repeating: 1, count: 100)
    let frame = WebSocketFrameEncoder.binary(payload, maskingKey: rfcMaskingKey)
    #expect(read(frame, role: .server, maxMessageBytes: 100) == ReadResult(messages: [.binary(payload)]))
  }

  @Test func fragmentsAddingUpOverTheLimitAreMessageTooBig() {
    let chunk = [UInt8](repeating: 0x61, count: 40)
    let stream =
      WebSocketFrameEncoder.frame(.text, payload: chunk, fin: false, maskingKey: rfcMaskingKey)
      + WebSocketFrameEncoder.frame(.continuation, payload: chunk, fin: false, maskingKey: rfcMaskingKey)
      + WebSocketFrameEncoder.frame(.continuation, payload: chunk, fin: true, maskingKey: rfcMaskingKey)
    #expect(errorCode(stream, role: .server, maxMessageBytes: 100) == .messageTooBig)
    #expect(read(stream, role: .server, maxMessageBytes: 120).messages == [.text(String(repeating: "a", count: 120))])
  }

  @Test func hugeDeclaredLengthFailsOnTheHeaderWithoutItsPayload() throws {
    // 2^63 - 1 bytes announced by a server; only the 10 header bytes are ever delivered.
    var reader = WebSocketReader(role: .client, maxMessageBytes: 1 << 20)
    reader.feed(hexBytes("82 7F 7F FF FF FF FF FF FF FF"))
    let error = #expect(throws: WebSocketProtocolError.self) { try reader.nextMessage() }
    #expect(error?.closeCode == .messageTooBig)
    #expect(reader.bufferedByteCount == 0)
  }

  @Test func oversizeFromAClientFailsBeforeItsMaskingKeyArrives() {
    // 16-bit length 1000 against a 999-byte limit: the four header bytes suffice.
    var reader = WebSocketReader(role: .server, maxMessageBytes: 999)
    reader.feed(hexBytes("82 FE 03 E8"))
    do {
      _ = try reader.nextMessage()
      Issue.record("expected messageTooBig")
    } catch {
      #expect(error.closeCode == .messageTooBig)
    }
  }

  @Test func partialHeaderOfAnOversizeFrameIsNotYetAnError() throws {
    var reader = WebSocketReader(role: .client, maxMessageBytes: 10)
    reader.feed(hexBytes("82 7F 00 00"))
    #expect(try reader.nextMessage() == nil)
  }

  @Test func invalidUTF8TextIsInvalidPayload() {
    #expect(errorCode(hexBytes("81 02 c3 28"), role: .client) == .invalidPayload)
  }

  @Test func invalidUTF8AcrossFragmentsIsInvalidPayloadWhenTheMessageCompletes() throws {
    var reader = WebSocketReader(role: .client, maxMessageBytes: 1024)
    reader.feed(hexBytes("01 01 ff"))
    #expect(try reader.nextMessage() == nil)
    reader.feed(hexBytes("80 01 41"))
    #expect(throws: WebSocketProtocolError(closeCode: .invalidPayload, reason: "text message is not valid UTF-8")) {
      try reader.nextMessage()
    }
  }

  @Test func characterSplitAcrossFragmentsIsValid() {
    // "€" is E2 82 AC; the first fragment ends inside it.
    let bytes = hexBytes("01 02 e2 82 80 01 ac")
    #expect(read(bytes, role: .client) == ReadResult(messages: [.text("€")]))
  }

  @Test func closePayloadOfOneByteIsAProtocolError() {
    #expect(errorCode(hexBytes("88 01 03"), role: .client) == .protocolError)
  }

  @Test(arguments: [UInt16(0), 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535])
  func invalidCloseCodesAreAProtocolError(code: UInt16) {
    let frame = hexBytes("88 02") + [UInt8(code >> 8), UInt8(code & 0xFF)]
    #expect(errorCode(frame, role: .client) == .protocolError)
  }

  @Test(arguments: [
    UInt16(1000), 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999,
  ])
  func validCloseCodesAreReturned(code: UInt16) {
    let frame = hexBytes("88 02") + [UInt8(code >> 8), UInt8(code & 0xFF)]
    #expect(read(frame, role: .client) == ReadResult(messages: [.close(code: WebSocketCloseCode(code), reason: "")]))
  }

  @Test func closeReasonThatIsNotUTF8IsInvalidPayload() {
    #expect(errorCode(hexBytes("88 04 03 e8 c0 80"), role: .client) == .invalidPayload)
  }

  @Test func readerStaysFailedAfterAnError() throws {
    var reader = WebSocketReader(role: .server, maxMessageBytes: 1024)
    reader.feed(hexBytes("81 05 48 65 6c 6c 6f"))  // unmasked, from a client
    let first = #expect(throws: WebSocketProtocolError.self) { try reader.nextMessage() }
    reader.feed(WebSocketFrameEncoder.text("fine", maskingKey: rfcMaskingKey))
    let second = #expect(throws: WebSocketProtocolError.self) { try reader.nextMessage() }
    #expect(first == second)
    #expect(reader.bufferedByteCount == 0)
  }

  @Test(arguments: [
    "81 05 48 65 6c 6c 6f",  // unmasked for a server
    "c2 80 37 fa 21 3d",  // reserved bit
    "82 ff 80 00 00 00 00 00 00 00",  // 64-bit length with its top bit set
    "82 fe 04 00 37 fa 21 3d",  // over the limit
    "81 82 37 fa 21 3d f4 d2",  // c3 28 after unmasking: invalid UTF-8
    "01 81 37 fa 21 3d 76 89 80 00 00 00 01 81 37 fa 21 3d 76",  // new data frame mid-message
  ])
  func errorsAreTheSameWhenFedOneByteAtATime(stream: String) {
    let whole = read(hexBytes(stream), role: .server, maxMessageBytes: 1000)
    #expect(whole.error != nil)
    #expect(read(hexBytes(stream), role: .server, maxMessageBytes: 1000, chunkSize: 1) == whole)
  }

  @Test func messagesBeforeAnErrorAreStillDelivered() {
    let stream = hexBytes("81 02 68 69") + hexBytes("c1 00")
    let result = read(stream, role: .client)
    #expect(result.messages == [.text("hi")])
    #expect(result.error?.closeCode == .protocolError)
  }
}
