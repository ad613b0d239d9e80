import BlastoiseSync
import BlastoiseWebSocket
import Testing

/// How the reader copes with arbitrary chunking and with long streams.
struct ReaderBufferingTests {
  /// A deterministic stream of masked client frames of assorted kinds and sizes.
  static func clientStream(frames: Int, seed: UInt64) -> (bytes: [UInt8], messages: [WebSocketMessage]) {
    var generator = SplitMix64(state: seed)
    var bytes: [UInt8] = []
    var messages: [WebSocketMessage] = []
    for index in 0..<frames {
      let key: WebSocketMaskingKey = (
        UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator)
      )
      let size = Int.random(in: 0...(index % 10 == 0 ? 70_000 : 300), using: &generator)
      switch index % 4 {
      case 0:
        let text = String(repeating: "é", count: size / 2)
        bytes += WebSocketFrameEncoder.text(text, maskingKey: key)
        messages.append(.text(text))
      case 1:
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) }
        bytes += WebSocketFrameEncoder.binary(payload, maskingKey: key)
        messages.append(.binary(payload))
      case 2:
        let payload = (0..<min(size, 125)).map { UInt8(truncatingIfNeeded: $0) }
        bytes += WebSocketFrameEncoder.ping(payload, maskingKey: key)
        messages.append(.ping(payload))
      default:
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 3) }
        let half = payload.count / 2
        bytes += WebSocketFrameEncoder.frame(.binary, payload: payload[..<half], fin: false, maskingKey: key)
        bytes += WebSocketFrameEncoder.pong([7], maskingKey: key)
        bytes += WebSocketFrameEncoder.frame(.continuation, payload: payload[half...], maskingKey: key)
        messages.append(.pong([7]))
        messages.append(.binary(payload))
      }
    }
    return (bytes, messages)
  }

  @Test(arguments: [1, 2, 7, 100, 1500, 4096, 9000, 65536])
  func streamChunkedAnyWayDecodesTheSameMessages(chunkSize: Int) {
    let stream = Self.clientStream(frames: 60, seed: 1)
    let result = read(stream.bytes, role: .server, chunkSize: chunkSize)
    #expect(result.error == nil)
    #expect(result.messages.count == stream.messages.count)
    #expect(result.messages == stream.messages)
  }

  @Test func randomlySizedChunksDecodeTheSameMessages() {
    let stream = Self.clientStream(frames: 80, seed: 2)
    var generator = SplitMix64(state: 3)
    var reader = WebSocketReader(role: .server, maxMessageBytes: 1 << 20)
    var messages: [WebSocketMessage] = []
    var offset = 0
    while offset < stream.bytes.count {
      let end = min(stream.bytes.count, offset + Int.random(in: 1...20_000, using: &generator))
      stream.bytes[offset..<end].withUnsafeBytes { reader.feed($0) }
      offset = end
      do {
        while let message = try reader.nextMessage() { messages.append(message) }
      } catch {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(messages == stream.messages)
    #expect(reader.bufferedByteCount == 0)
  }

  @Test func manySmallFramesInOneFeedAllDecode() throws {
    let frame = WebSocketFrameEncoder.text("x", maskingKey: rfcMaskingKey)
    let count = 50_000
    var reader = WebSocketReader(role: .server, maxMessageBytes: 16)
    reader.feed(Array([[UInt8]](repeating: frame, count: count).joined()))
    var decoded = 0
    while let message = try reader.nextMessage() {
      #expect(message == .text("x"))
      decoded += 1
    }
    #expect(decoded == count)
    #expect(reader.bufferedByteCount == 0)
  }

  @Test func bufferedByteCountCountsUnparsedBytesAndCollectedFragments() throws {
    var reader = WebSocketReader(role: .client, maxMessageBytes: 1024)
    #expect(reader.bufferedByteCount == 0)
    reader.feed(hexBytes("01 03 48 65"))
    #expect(try reader.nextMessage() == nil)
    #expect(reader.bufferedByteCount == 4)
    reader.feed(hexBytes("6c"))
    #expect(try reader.nextMessage() == nil)
    #expect(reader.bufferedByteCount == 3)  // the fragment's payload, held for reassembly
    reader.feed(hexBytes("80 02 6c 6f"))
    #expect(try reader.nextMessage() == .text("Hello"))
    #expect(reader.bufferedByteCount == 0)
  }

  @Test func feedingNothingChangesNothing() throws {
    var reader = WebSocketReader(role: .client, maxMessageBytes: 1024)
    reader.feed([UInt8]())
    reader.feed(UnsafeRawBufferPointer(start: nil, count: 0))
    #expect(try reader.nextMessage() == nil)
    #expect(reader.bufferedByteCount == 0)
  }

  @Test func negativeLimitAcceptsOnlyEmptyMessages() {
    #expect(read(hexBytes("82 00"), role: .client, maxMessageBytes: -5) == ReadResult(messages: [.binary([])]))
    #expect(errorCode(hexBytes("82 01 00"), role: .client, maxMessageBytes: -5) == .messageTooBig)
  }
}
