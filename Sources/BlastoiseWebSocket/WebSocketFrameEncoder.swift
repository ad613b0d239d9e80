/// Builds single frames (RFC 6455 §5.2). A server sends unmasked frames (pass no key); a client
/// must mask every frame with a fresh key from `randomMaskingKey()`.
///
/// The encoder does not split payloads into fragments, and `frame` does not police the
/// 125-byte limit on control frames: the `ping`, `pong` and `close` helpers do. `compressed` sets
/// RSV1, which marks a permessage-deflate payload (RFC 7692 §6); compressing is the caller's.
public enum WebSocketFrameEncoder {
  /// Largest payload of a control frame (§5.5).
  public static let maxControlPayload = 125

  public static func frame(
    _ opcode: WebSocketOpcode,
    payload: some Collection<UInt8>,
    fin: Bool = true,
    compressed: Bool = false,
    maskingKey: WebSocketMaskingKey? = nil
  ) -> [UInt8] {
    let length = payload.count
    var out: [UInt8] = []
    out.reserveCapacity(14 + length)
    out.append((fin ? 0x80 : 0) | (compressed ? 0x40 : 0) | opcode.rawValue)
    let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
    // Always the shortest length form (§5.2 requires it of senders).
    if length <= 125 {
      out.append(maskBit | UInt8(length))
    } else if length <= 0xFFFF {
      out.append(maskBit | 126)
      appendBigEndian(UInt64(length), byteCount: 2, to: &out)
    } else {
      out.append(maskBit | 127)
      appendBigEndian(UInt64(length), byteCount: 8, to: &out)
    }
    let payloadStart: Int
    if let key = maskingKey {
      out.append(contentsOf: [key.0, key.1, key.2, key.3])
      payloadStart = out.count
      out.append(contentsOf: payload)
      out.withUnsafeMutableBytes { raw in
        WebSocketMasking.apply(key, to: UnsafeMutableRawBufferPointer(rebasing: raw[payloadStart...]))
      }
    } else {
      out.append(contentsOf: payload)
    }
    return out
  }

  public static func text(_ s: String, maskingKey: WebSocketMaskingKey? = nil) -> [UInt8] {
    frame(.text, payload: s.utf8, maskingKey: maskingKey)
  }

  public static func binary(_ payload: some Collection<UInt8>, maskingKey: WebSocketMaskingKey? = nil) -> [UInt8] {
    frame(.binary, payload: payload, maskingKey: maskingKey)
  }

  /// A ping; a payload longer than 125 bytes is cut to 125.
  public static func ping(_ payload: some Collection<UInt8> = [], maskingKey: WebSocketMaskingKey? = nil) -> [UInt8] {
    frame(.ping, payload: payload.prefix(maxControlPayload), maskingKey: maskingKey)
  }

  /// A pong, normally echoing a ping's payload; a payload longer than 125 bytes is cut to 125.
  public static func pong(_ payload: some Collection<UInt8> = [], maskingKey: WebSocketMaskingKey? = nil) -> [UInt8] {
    frame(.pong, payload: payload.prefix(maxControlPayload), maskingKey: maskingKey)
  }

  /// A close frame carrying `code` and `reason`. The reason is cut at a character boundary to
  /// fit the 123 bytes left after the code.
  public static func close(
    code: WebSocketCloseCode,
    reason: String = "",
    maskingKey: WebSocketMaskingKey? = nil
  ) -> [UInt8] {
    var payload: [UInt8] = [UInt8(truncatingIfNeeded: code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
    var reasonBytes = 0
    for scalar in reason.unicodeScalars {
      let width = UTF8.width(scalar)
      guard reasonBytes + width <= maxControlPayload - 2 else { break }
      reasonBytes += width
    }
    payload.append(contentsOf: reason.utf8.prefix(reasonBytes))
    return frame(.close, payload: payload, maskingKey: maskingKey)
  }

  /// A masking key from the system's secure random source, as §5.3 requires of clients.
  public static func randomMaskingKey() -> WebSocketMaskingKey {
    var generator = SystemRandomNumberGenerator()
    let word: UInt32 = generator.next()
    return (
      UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
      UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)
    )
  }

  private static func appendBigEndian(_ value: UInt64, byteCount: Int, to out: inout [UInt8]) {
    for index in stride(from: byteCount - 1, through: 0, by: -1) {
      out.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8)))
    }
  }
}
