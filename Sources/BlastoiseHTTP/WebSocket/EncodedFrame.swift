import BlastoiseWebSocket

/// A server frame encoded once, to be sent to any number of connections (server frames are not
/// masked, so the bytes are the same for every client; the array's storage is shared).
public struct EncodedFrame: Sendable {
  public let bytes: [UInt8]

  public static func text(_ text: String) -> EncodedFrame {
    EncodedFrame(bytes: WebSocketFrameEncoder.text(text))
  }

  static func control(_ opcode: WebSocketOpcode, payload: [UInt8] = []) -> EncodedFrame {
    EncodedFrame(bytes: WebSocketFrameEncoder.frame(opcode, payload: payload))
  }

  static func close(_ code: WebSocketCloseCode, reason: String = "") -> EncodedFrame {
    EncodedFrame(bytes: WebSocketFrameEncoder.close(code: code, reason: reason))
  }
}
