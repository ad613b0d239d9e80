import BlastoiseWebSocket
import Testing

/// The examples of RFC 6455 §5.7, and the same bytes fed one at a time.
struct ReaderRFCExampleTests {
  static let hello = Array("Hello".utf8)

  struct Example: Sendable, CustomTestStringConvertible {
    var name: String
    var role: WebSocketRole
    var bytes: [UInt8]
    var expected: [WebSocketMessage]
    var testDescription: String { name }
  }

  static let patternPayload256 = (0..<256).map { UInt8(truncatingIfNeeded: $0) }
  static let patternPayload64K = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7) }

  static let examples: [Example] = [
    Example(
      name: "single-frame unmasked text",
      role: .client,
      bytes: hexBytes("81 05 48 65 6c 6c 6f"),
      expected: [.text("Hello")]
    ),
    Example(
      name: "single-frame masked text",
      role: .server,
      bytes: hexBytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"),
      expected: [.text("Hello")]
    ),
    Example(
      name: "fragmented unmasked text",
      role: .client,
      bytes: hexBytes("01 03 48 65 6c 80 02 6c 6f"),
      expected: [.text("Hello")]
    ),
    Example(
      name: "unmasked ping",
      role: .client,
      bytes: hexBytes("89 05 48 65 6c 6c 6f"),
      expected: [.ping(hello)]
    ),
    Example(
      name: "masked ping",
      role: .server,
      bytes: hexBytes("89 85 37 fa 21 3d 7f 9f 4d 51 58"),
      expected: [.ping(hello)]
    ),
    Example(
      name: "masked pong",
      role: .server,
      bytes: hexBytes("8a 85 37 fa 21 3d 7f 9f 4d 51 58"),
      expected: [.pong(hello)]
    ),
    Example(
      name: "256-byte binary with a 16-bit length",
      role: .client,
      bytes: hexBytes("82 7E 01 00") + patternPayload256,
      expected: [.binary(patternPayload256)]
    ),
    Example(
      name: "64KiB binary with a 64-bit length",
      role: .client,
      bytes: hexBytes("82 7F 00 00 00 00 00 01 00 00") + patternPayload64K,
      expected: [.binary(patternPayload64K)]
    ),
  ]

  @Test(arguments: examples)
  func rfcExampleDecodes(example: Example) {
    #expect(read(example.bytes, role: example.role) == ReadResult(messages: example.expected))
  }

  @Test(arguments: examples)
  func rfcExampleFedOneByteAtATimeDecodesTheSame(example: Example) {
    #expect(read(example.bytes, role: example.role, chunkSize: 1) == ReadResult(messages: example.expected))
  }

  @Test func allExamplesBackToBackDecodeInOrder() {
    let clientStream = Self.examples.filter { $0.role == .client }
    let bytes = clientStream.flatMap(\.bytes)
    let expected = clientStream.flatMap(\.expected)
    #expect(read(bytes, role: .client) == ReadResult(messages: expected))
    #expect(read(bytes, role: .client, chunkSize: 3) == ReadResult(messages: expected))
  }

  @Test func nonMinimalLengthEncodingsAreAccepted() {
    let sixteenBit = hexBytes("81 7E 00 05 48 65 6c 6c 6f")
    let sixtyFourBit = hexBytes("81 7F 00 00 00 00 00 00 00 05 48 65 6c 6c 6f")
    #expect(read(sixteenBit, role: .client) == ReadResult(messages: [.text("Hello")]))
    #expect(read(sixtyFourBit, role: .client) == ReadResult(messages: [.text("Hello")]))
  }

  @Test func controlFramesBetweenFragmentsAreReturnedImmediately() throws {
    var reader = WebSocketReader(role: .client, maxMessageBytes: 1024)
    reader.feed(hexBytes("01 03 48 65 6c 89 02 68 69"))
    #expect(try reader.nextMessage() == .ping(Array("hi".utf8)))
    #expect(try reader.nextMessage() == nil)
    #expect(reader.isInsideFragmentedMessage)
    reader.feed(hexBytes("80 02 6c 6f"))
    #expect(try reader.nextMessage() == .text("Hello"))
    #expect(try reader.nextMessage() == nil)
    #expect(!reader.isInsideFragmentedMessage)
  }

  @Test func emptyCloseFrameHasNoCode() {
    #expect(read(hexBytes("88 00"), role: .client) == ReadResult(messages: [.close(code: nil, reason: "")]))
  }

  @Test func closeFrameCarriesCodeAndReason() {
    let bytes = hexBytes("88 06 03 e8 62 79 65 21")
    #expect(read(bytes, role: .client) == ReadResult(messages: [.close(code: .normal, reason: "bye!")]))
  }

  @Test func emptyTextAndBinaryMessagesDecode() {
    let bytes = hexBytes("81 00 82 00")
    #expect(read(bytes, role: .client) == ReadResult(messages: [.text(""), .binary([])]))
  }

  @Test func fragmentedBinaryWithEmptyFragmentsReassembles() {
    let bytes = hexBytes("02 00 00 02 01 02 00 00 80 01 03")
    #expect(read(bytes, role: .client) == ReadResult(messages: [.binary([1, 2, 3])]))
  }
}
