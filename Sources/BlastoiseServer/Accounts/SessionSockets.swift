import BlastoiseHTTP
import BlastoiseProtocol
import Foundation
import Synchronization

/// Which open sockets belong to which session, so ending a session reaches its sockets.
final class SessionSockets: Sendable {
  private let sockets = Mutex<[String: Set<WebSocketConnection>]>([:])

  func add(_ connection: WebSocketConnection, session: String) {
    sockets.withLock { _ = $0[session, default: []].insert(connection) }
  }

  func remove(_ connection: WebSocketConnection, session: String) {
    sockets.withLock { sockets in
      sockets[session]?.remove(connection)
      if sockets[session]?.isEmpty == true { sockets[session] = nil }
    }
  }

  /// Sessions that have a socket open (they count as in use).
  var openSessions: [String] { sockets.withLock { Array($0.keys) } }

  /// Sends `{ "type": "kick", "reason": … }` to every socket of these sessions and closes them.
  @Sendable func kick(sessions: [String], reason: String) {
    let targets = sockets.withLock { sockets in sessions.flatMap { sockets.removeValue(forKey: $0) ?? [] } }
    guard !targets.isEmpty else { return }
    let frame = SocketFrames.frame(ServerSocketMessage.kick(reason: reason))
    for connection in targets {
      if let frame { connection.send(frame) }
      connection.close(code: .policyViolation, reason: "Session ended")
    }
  }
}
