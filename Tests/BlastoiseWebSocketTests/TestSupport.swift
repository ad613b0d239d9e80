@testable import BlastoiseWebSocket

/// Bytes from hex pairs separated by spaces, as RFC 6455 prints its examples.
func hexBytes(_ hex: String) -> [UInt8] {
  hex.split(separator: " ").compactMap { UInt8($0, radix: 16) }
}

func hexString(_ bytes: [UInt8]) -> String {
  bytes.map { byte in
    let digits = String(byte, radix: 16)
    return byte < 16 ? "0" + digits : digits
  }.joined()
}

/// What a reader produced from a stream: the messages in order, then the error if one ended it.
struct ReadResult: Equatable {
  var messages: [WebSocketMessage] = []
  var error: WebSocketProtocolError?
}

/// Feeds `bytes` in chunks of at most `chunkSize` (all at once when nil), draining the reader
/// after every chunk, as a socket loop would.
func read(
  _ bytes: [UInt8],
  role: WebSocketRole,
  maxMessageBytes: Int = 1 << 20,
  chunkSize: Int? = nil
) -> ReadResult {
  var reader = WebSocketReader(role: role, maxMessageBytes: maxMessageBytes)
  var result = ReadResult()
  let step = max(1, chunkSize ?? bytes.count)
  var offset = 0
  repeat {
    let end = min(bytes.count, offset + step)
    reader.feed(bytes[offset..<end])
    offset = end
    do {
      while let message = try reader.nextMessage() { result.messages.append(message) }
    } catch {
      result.error = error
      return result
    }
  } while offset < bytes.count
  return result
}

/// The close code of the error that `bytes` provoke, nil if they provoke none.
func errorCode(_ bytes: [UInt8], role: WebSocketRole, maxMessageBytes: Int = 1 << 20) -> WebSocketCloseCode? {
  read(bytes, role: role, maxMessageBytes: maxMessageBytes).error?.closeCode
}

let rfcMaskingKey: WebSocketMaskingKey = (0x37, 0xFA, 0x21, 0x3D)

/// A frame as a client sends it (masked), with the first header byte given raw so tests can set
/// reserved bits and opcodes the encoder would never produce.
func clientFrame(firstByte: UInt8, payload: [UInt8] = []) -> [UInt8] {
  var frame = WebSocketFrameEncoder.frame(.binary, payload: payload, maskingKey: rfcMaskingKey)
  frame[0] = firstByte
  return frame
}
