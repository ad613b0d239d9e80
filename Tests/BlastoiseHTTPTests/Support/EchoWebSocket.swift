import BlastoiseHTTP
import BlastoiseWebSocket
import Testing

/// What the echo route saw: opened connections and `onClose` calls.
final class EchoEvents: Sendable {
  let opened = Recorder<WebSocketConnection>()
  let texts = Recorder<String>()
  let closed = Recorder<(id: UInt64, code: WebSocketCloseCode?)>()

  /// The connection opened `index`-th, once it exists.
  func connection(_ index: Int = 0) async throws -> WebSocketConnection {
    _ = await opened.wait { $0.count > index }
    return try #require(opened.all.dropFirst(index).first)
  }

  func closeCode(of connection: WebSocketConnection, timeout: Duration = .seconds(120)) async -> WebSocketCloseCode?? {
    _ = await closed.wait(timeout: timeout) { $0.contains { $0.id == connection.id } }
    return closed.all.first { $0.id == connection.id }.map(\.code)
  }
}

/// `GET /ws`: a WebSocket that echoes every text message; `GET /ok` answers "ok".
func echoRoutes(_ events: EchoEvents) -> (inout Router) -> Void {
  { router in
    router.immediate(.get, "/ws") { (request) throws(HTTPError) -> HTTPResponse in
      try WebSocketUpgrade.response(for: request) { connection in
        events.opened.append(connection)
        return WebSocketCallbacks(
          onText: { connection, text in
            events.texts.append(text)
            connection.send(text: text)
          },
          onClose: { connection, code in events.closed.append((connection.id, code)) })
      }
    }
    router.immediate(.get, "/ok") { _ in .text("ok") }
  }
}
