import BlastoiseCore
import BlastoiseHTTP

/// A socket in a room and who is behind it.
struct RoomListener: Sendable {
  let connection: WebSocketConnection
  let principal: Principal
}

/// Encodes a message once for many sockets.
enum SocketFrames {
  static func frame(_ value: some Encodable) -> EncodedFrame? {
    guard let data = try? JSONCoding.encoder.encode(value) else { return nil }
    return .text(String(decoding: data, as: UTF8.self))
  }
}
