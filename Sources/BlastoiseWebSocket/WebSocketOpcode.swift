/// The frame opcodes defined by RFC 6455 §5.2. Values 3–7 and 11–15 are reserved and are
/// rejected by `WebSocketReader`, so they have no case here.
public enum WebSocketOpcode: UInt8, Sendable {
  case continuation = 0
  case text = 1
  case binary = 2
  case close = 8
  case ping = 9
  case pong = 10

  /// Control frames (close, ping, pong) have the high bit of the opcode nibble set (§5.5).
  public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Which end of the connection a reader sits on. It decides the masking rule (§5.1): a server
/// requires every incoming frame to be masked, a client requires none to be.
public enum WebSocketRole: Sendable {
  case server
  case client
}

/// The four bytes a client XORs over a frame's payload (§5.3).
public typealias WebSocketMaskingKey = (UInt8, UInt8, UInt8, UInt8)
