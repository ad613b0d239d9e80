/// Turns a received byte stream into WebSocket messages (RFC 6455 §5), with no I/O of its own:
/// `feed` what the socket delivered, then call `nextMessage` until it returns nil.
///
/// Data messages are reassembled from their fragments; control frames are returned as they
/// arrive, also between fragments. Any protocol violation throws a `WebSocketProtocolError`
/// carrying the close code to send; the reader then stays failed, dropping further input and
/// throwing the same error on every call. A close frame is returned like any other message;
/// stopping to read after it (§5.5.1) is up to the caller.
///
/// With an inflater (permessage-deflate negotiated), a data message whose first frame has RSV1
/// set is compressed (RFC 7692 §6.1); `maxMessageBytes` then bounds it both as sent and inflated.
public struct WebSocketReader: Sendable {
  public let role: WebSocketRole
  /// Largest data message accepted, counted over all its fragments. Control frames are bounded
  /// by the protocol's own 125 bytes instead.
  public let maxMessageBytes: Int
  private let inflater: (any WebSocketMessageInflater)?

  /// Received bytes; those before `readIndex` are already consumed. Consumed bytes are dropped
  /// in `compact()`, not per frame, so that parsing many small frames stays linear.
  private var buffer: [UInt8] = []
  private var readIndex = 0
  /// The opcode (text or binary) of the message whose fragments are being collected.
  private var fragmentedOpcode: WebSocketOpcode?
  /// Whether the message being collected was sent compressed (RSV1 on its first frame).
  private var fragmentedCompressed = false
  private var fragments: [UInt8] = []
  private var failure: WebSocketProtocolError?

  /// A consumed prefix at least this long, and at least as long as what remains, is dropped.
  private static let compactionThreshold = 4096
  /// An emptied buffer keeps its allocation up to this size. A server holds one reader per
  /// socket, so the memory of one large message must not stay pinned to an idle connection.
  private static let retainedCapacity = 64 * 1024

  public init(role: WebSocketRole, maxMessageBytes: Int, inflater: (any WebSocketMessageInflater)? = nil) {
    self.role = role
    self.maxMessageBytes = max(0, maxMessageBytes)
    self.inflater = inflater
  }

  /// Bytes the reader holds: received but not yet parsed, plus the payload collected so far of
  /// an unfinished fragmented message.
  public var bufferedByteCount: Int { buffer.count - readIndex + fragments.count }

  /// Whether a fragmented data message has started and not yet finished.
  public var isInsideFragmentedMessage: Bool { fragmentedOpcode != nil }

  /// Appends received bytes. Ignored once the reader has failed.
  public mutating func feed(_ bytes: some Collection<UInt8>) {
    guard failure == nil else { return }
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// Appends received bytes, e.g. straight from a socket read buffer. Ignored once failed.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// The next complete message, or nil when more bytes are needed.
  public mutating func nextMessage() throws(WebSocketProtocolError) -> WebSocketMessage? {
    if let failure { throw failure }
    do throws(WebSocketProtocolError) {
      while let header = try parseHeader() {
        if let message = try consumeFrame(header) { return message }
      }
      compact()
      return nil
    } catch {
      failure = error
      buffer = []
      readIndex = 0
      fragments = []
      fragmentedOpcode = nil
      fragmentedCompressed = false
      throw error
    }
  }

  private struct FrameHeader {
    var fin: Bool
    var compressed: Bool
    var opcode: WebSocketOpcode
    var maskingKey: WebSocketMaskingKey?
    var headerLength: Int
    var payloadLength: Int
  }

  /// The header of the next frame once the whole frame is buffered, nil while bytes are missing.
  /// Every rule that the header alone decides is checked as soon as its bytes are in, so a
  /// hostile header fails before any of its payload has to arrive.
  private func parseHeader() throws(WebSocketProtocolError) -> FrameHeader? {
    let available = buffer.count - readIndex
    guard available >= 2 else { return nil }
    let first = buffer[readIndex]
    let second = buffer[readIndex + 1]

    let compressed = first & 0x40 != 0
    guard first & 0x30 == 0, !compressed || inflater != nil else {
      throw .protocolViolation("reserved bits set without a negotiated extension")
    }
    guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
      throw .protocolViolation("reserved opcode \(first & 0x0F)")
    }
    // RSV1 marks a whole message, so only its first frame carries it (RFC 7692 §6.1).
    guard !compressed || opcode == .text || opcode == .binary else {
      throw .protocolViolation("compressed bit on a control or continuation frame")
    }
    let fin = first & 0x80 != 0
    let masked = second & 0x80 != 0
    switch (role, masked) {
    case (.server, false): throw .protocolViolation("frame from client is not masked")
    case (.client, true): throw .protocolViolation("frame from server is masked")
    default: break
    }

    let shortLength = second & 0x7F
    if opcode.isControl {
      guard fin else { throw .protocolViolation("fragmented control frame") }
      guard shortLength <= 125 else { throw .protocolViolation("control frame payload longer than 125 bytes") }
    } else if opcode == .continuation {
      guard fragmentedOpcode != nil else { throw .protocolViolation("continuation frame outside a fragmented message") }
    } else {
      guard fragmentedOpcode == nil else {
        throw .protocolViolation("new data frame before the fragmented message finished")
      }
    }

    var headerLength = 2
    let length: UInt64
    switch shortLength {
    case 126:
      guard available >= 4 else { return nil }
      length = readBigEndian(at: readIndex + 2, byteCount: 2)
      headerLength = 4
    case 127:
      guard available >= 10 else { return nil }
      length = readBigEndian(at: readIndex + 2, byteCount: 8)
      guard length >> 63 == 0 else {
        throw .protocolViolation("64-bit payload length has its most significant bit set")
      }
      headerLength = 10
    default:
      length = UInt64(shortLength)
    }

    if !opcode.isControl {
      // fragments.count never exceeds maxMessageBytes, so the subtraction cannot go negative.
      let collected = opcode == .continuation ? fragments.count : 0
      guard length <= UInt64(maxMessageBytes - collected) else {
        throw WebSocketProtocolError(
          closeCode: .messageTooBig,
          reason: "message longer than \(maxMessageBytes) bytes"
        )
      }
    }

    var maskingKey: WebSocketMaskingKey?
    if masked {
      guard available >= headerLength + 4 else { return nil }
      let k = readIndex + headerLength
      maskingKey = (buffer[k], buffer[k + 1], buffer[k + 2], buffer[k + 3])
      headerLength += 4
    }

    // length is at most maxMessageBytes or 125 here, so it fits in Int.
    let payloadLength = Int(length)
    guard available - headerLength >= payloadLength else { return nil }
    return FrameHeader(
      fin: fin,
      compressed: compressed,
      opcode: opcode,
      maskingKey: maskingKey,
      headerLength: headerLength,
      payloadLength: payloadLength
    )
  }

  /// Unmasks and consumes a fully buffered frame; returns a message if the frame completes one.
  private mutating func consumeFrame(_ header: FrameHeader) throws(WebSocketProtocolError) -> WebSocketMessage? {
    let start = readIndex + header.headerLength
    let end = start + header.payloadLength
    if let key = header.maskingKey {
      // In place: these bytes are consumed right below, so nobody sees the masked form again.
      buffer.withUnsafeMutableBytes { raw in
        WebSocketMasking.apply(key, to: UnsafeMutableRawBufferPointer(rebasing: raw[start..<end]))
      }
    }
    readIndex = end
    let payload = buffer[start..<end]

    switch header.opcode {
    case .ping:
      return .ping(Array(payload))
    case .pong:
      return .pong(Array(payload))
    case .close:
      return try Self.closeMessage(payload)
    case .text, .binary:
      guard header.fin else { return startFragments(header, payload) }
      return try dataMessage(header.opcode, payload, compressed: header.compressed)
    case .continuation:
      fragments.append(contentsOf: payload)
      guard header.fin, let opcode = fragmentedOpcode else { return nil }
      var collected: [UInt8] = []
      swap(&collected, &fragments)
      fragmentedOpcode = nil
      return try dataMessage(opcode, collected[...], compressed: fragmentedCompressed)
    }
  }

  private mutating func startFragments(_ header: FrameHeader, _ payload: ArraySlice<UInt8>) -> WebSocketMessage? {
    fragmentedOpcode = header.opcode
    fragmentedCompressed = header.compressed
    fragments.append(contentsOf: payload)
    return nil
  }

  /// A whole data message's payload, inflated if it came compressed. UTF-8 is validated on the
  /// whole message: a character may straddle two fragments.
  private func dataMessage(
    _ opcode: WebSocketOpcode, _ payload: ArraySlice<UInt8>, compressed: Bool
  ) throws(WebSocketProtocolError) -> WebSocketMessage {
    let bytes = try compressed ? inflate(payload)[...] : payload
    return opcode == .text ? .text(try Self.decodeText(bytes, what: "text message")) : .binary(Array(bytes))
  }

  private func inflate(_ payload: ArraySlice<UInt8>) throws(WebSocketProtocolError) -> [UInt8] {
    // parseHeader lets RSV1 through only with an inflater.
    guard let inflater else { throw .protocolViolation("compressed message without a negotiated extension") }
    return try inflater.inflate(payload, limit: maxMessageBytes)
  }

  private static func closeMessage(_ payload: ArraySlice<UInt8>) throws(WebSocketProtocolError) -> WebSocketMessage {
    if payload.isEmpty { return .close(code: nil, reason: "") }
    guard payload.count >= 2 else { throw .protocolViolation("close frame payload of 1 byte") }
    let start = payload.startIndex
    let code = WebSocketCloseCode(UInt16(payload[start]) << 8 | UInt16(payload[start + 1]))
    guard code.isValidInCloseFrame else { throw .protocolViolation("invalid close code \(code.rawValue)") }
    return .close(code: code, reason: try decodeText(payload.dropFirst(2), what: "close reason"))
  }

  private static func decodeText(
    _ bytes: some Collection<UInt8>,
    what: String
  ) throws(WebSocketProtocolError) -> String {
    guard UTF8Validation.isValid(bytes) else {
      throw WebSocketProtocolError(closeCode: .invalidPayload, reason: "\(what) is not valid UTF-8")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func readBigEndian(at offset: Int, byteCount: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<(offset + byteCount) {
      value = value << 8 | UInt64(buffer[index])
    }
    return value
  }

  /// Drops consumed bytes when that is cheap in amortised terms: all of them when nothing is
  /// left, otherwise only once the consumed prefix outweighs the rest, so each byte is moved
  /// at most a bounded number of times.
  private mutating func compact() {
    if readIndex == buffer.count {
      if !buffer.isEmpty || buffer.capacity > Self.retainedCapacity {
        buffer.removeAll(keepingCapacity: buffer.capacity <= Self.retainedCapacity)
      }
      readIndex = 0
    } else if readIndex >= Self.compactionThreshold, readIndex >= buffer.count - readIndex {
      buffer.removeSubrange(..<readIndex)
      readIndex = 0
    }
  }
}

extension WebSocketProtocolError {
  static func protocolViolation(_ reason: String) -> WebSocketProtocolError {
    WebSocketProtocolError(closeCode: .protocolError, reason: reason)
  }
}
