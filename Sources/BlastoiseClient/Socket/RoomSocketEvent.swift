import BlastoiseProtocol
import Foundation

/// What a room socket reports, in order.
public enum RoomSocketEvent: Sendable {
  /// Opening the socket; `attempt` counts failures since the last good connection.
  case connecting(attempt: Int)
  case connected
  /// A room state, its `queue` filled in from the last one that carried it. `receivedAt` is the
  /// client's monotonic time (seconds) when it arrived. States older than the last (lower
  /// `seq`) are dropped before they get here.
  case state(RoomState, receivedAt: Double)
  /// An answer to a clock ping: the `clientTime` sent (ms) and the server's time (ms).
  case pong(clientTime: Double, serverTime: Double, receivedAt: Double)
  case roomList([RoomInfo])
  case switched(roomID: String)
  /// The session was ended elsewhere; the socket does not reconnect.
  case kicked(reason: String)
  case toast(message: String, kind: String)
  /// `{ "type": "error" }`: the server refused a message; the socket stays open.
  case serverError(message: String)
  case scanProgress(scanning: Bool, processed: Int, total: Int)
  /// `fetch_progress`, `fetch_complete`, `fetch_error`, `fetch_cancelled`.
  case importJob(ImportSocketMessage)
  /// The socket closed. `retryIn` is the delay (seconds) before the next attempt; nil when it
  /// will not reconnect (closed on purpose, kicked, or refused for good).
  case disconnected(reason: String, retryIn: Double?)
}

/// What a client sends on a room socket.
public enum ClientAction: Sendable, Equatable {
  case pause
  case unpause
  case seek(Double)
  case jump(Int)
  /// To another room; a private one needs its invite token.
  case switchRoom(String, invite: String? = nil)
  /// A clock ping; `clientTime` comes back in the pong.
  case ping(clientTime: Double)
  /// How this player stands with the room; drift in ms when measured.
  case syncReport(ListenerSyncState, driftMs: Double?)

  var json: String {
    let message =
      switch self {
      case .pause: ClientSocketMessage(.pause)
      case .unpause: ClientSocketMessage(.unpause)
      case .seek(let seconds): ClientSocketMessage(.seek, timestamp: Self.finite(seconds))
      case .jump(let index): ClientSocketMessage(.jump, index: index)
      case .switchRoom(let id, let invite): ClientSocketMessage(.switchRoom, roomID: id, invite: invite)
      case .ping(let clientTime): ClientSocketMessage(.ping, clientTime: Self.finite(clientTime))
      case .syncReport(let state, let drift):
        ClientSocketMessage(.syncReport, syncState: state, driftMs: drift.flatMap { $0.isFinite ? $0 : nil })
      }
    return (try? String(decoding: JSONEncoder().encode(message), as: UTF8.self)) ?? "{}"
  }

  /// JSON has no NaN or infinity (and the encoder throws on them).
  private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
