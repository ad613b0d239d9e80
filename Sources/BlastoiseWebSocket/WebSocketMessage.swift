/// One complete message as returned by `WebSocketReader`: data messages are reassembled from
/// their fragments, control frames are returned one by one.
public enum WebSocketMessage: Sendable, Equatable {
  case text(String)
  case binary([UInt8])
  case ping([UInt8])
  case pong([UInt8])
  /// `code` is nil when the close frame had an empty payload.
  case close(code: WebSocketCloseCode?, reason: String)
}

/// A violation of RFC 6455 by the peer. The connection should be closed with `closeCode`.
public struct WebSocketProtocolError: Error, Sendable, Equatable {
  public let closeCode: WebSocketCloseCode
  public let reason: String

  public init(closeCode: WebSocketCloseCode, reason: String) {
    self.closeCode = closeCode
    self.reason = reason
  }
}

extension WebSocketProtocolError: CustomStringConvertible {
  public var description: String { "WebSocket protocol error \(closeCode.rawValue): \(reason)" }
}
