import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// A socket in a room and who is behind it.
struct RoomListener: Sendable {
  let connection: WebSocketConnection
  let principal: Principal
  /// Whether the person hears the room on this socket's device (`listening` action); plays are
  /// counted only for those who do.
  var hearing = true
  /// The socket's last `sync_report`.
  var sync: ListenerSync?
}

/// Encodes a message once for many sockets.
enum SocketFrames {
  static func frame(_ value: some Encodable) -> EncodedFrame? {
    guard let data = try? JSONCoding.encoder.encode(value) else { return nil }
    return .text(String(decoding: data, as: UTF8.self))
  }
}

/// For a slow client a newer room state replaces an unsent older one. A full state (with `queue`)
/// supersedes every unsent state, the previous room's too after a switch; a light one only a
/// light one, since the client still needs the queue a full state carries.
enum StateCoalescing {
  static let fullKey = "state+queue"
  static let lightKey = "state"

  static func send(_ frame: EncodedFrame, full: Bool, to listener: RoomListener) {
    if full {
      listener.connection.send(frame, coalescingKey: fullKey, replacing: [lightKey])
    } else {
      listener.connection.send(frame, coalescingKey: lightKey)
    }
  }
}
