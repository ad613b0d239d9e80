import BlastoiseWebSocket

/// What the application does with an accepted WebSocket: `onOpen` runs once on the hub thread and
/// returns the callbacks for the connection's messages. Callbacks run on the hub thread, in order
/// per connection, and must not block (hop to an actor for real work).
public struct WebSocketUpgrade: Sendable {
  let onOpen: @Sendable (WebSocketConnection) -> WebSocketCallbacks
  /// The client offered permessage-deflate and the 101 accepts it.
  let deflates: Bool

  /// Validates the client's handshake and answers 101, or throws 400/426. A permessage-deflate
  /// offer the server can take is accepted (`PerMessageDeflateNegotiation`).
  public static func response(
    for request: HTTPRequest, onOpen: @escaping @Sendable (WebSocketConnection) -> WebSocketCallbacks
  ) throws(HTTPError) -> HTTPResponse {
    let headers = request.headers
    guard request.method == .get,
      headers["Upgrade"]?.lowercased() == "websocket",
      headers["Connection"]?.lowercased().split(separator: ",").contains(where: { $0.trimmingSpaces() == "upgrade" })
        == true
    else { throw HTTPError(.badRequest, "Expected a WebSocket upgrade request") }
    guard headers["Sec-WebSocket-Version"] == "13" else {
      throw HTTPError(426, "Unsupported WebSocket version", headers: [("Sec-WebSocket-Version", "13")])
    }
    guard let key = headers["Sec-WebSocket-Key"], WebSocketHandshake.isValidClientKey(key) else {
      throw HTTPError(.badRequest, "Missing or invalid Sec-WebSocket-Key")
    }
    var answer = HTTPHeaders([
      ("Upgrade", "websocket"), ("Sec-WebSocket-Accept", WebSocketHandshake.acceptKey(forClientKey: key)),
    ])
    let offers = headers.filter { $0.name.caseInsensitiveEquals("Sec-WebSocket-Extensions") }.map(\.value)
    let deflate = PerMessageDeflateNegotiation.serverResponse(toOffers: offers.joined(separator: ","))
    if let deflate { answer.add("Sec-WebSocket-Extensions", deflate) }
    return HTTPResponse(
      status: .switchingProtocols, headers: answer,
      body: .webSocket(WebSocketUpgrade(onOpen: onOpen, deflates: deflate != nil)))
  }
}

public struct WebSocketCallbacks: Sendable {
  public var onText: @Sendable (WebSocketConnection, String) -> Void
  public var onClose: @Sendable (WebSocketConnection, WebSocketCloseCode?) -> Void

  public init(
    onText: @escaping @Sendable (WebSocketConnection, String) -> Void,
    onClose: @escaping @Sendable (WebSocketConnection, WebSocketCloseCode?) -> Void = { _, _ in }
  ) {
    self.onText = onText
    self.onClose = onClose
  }
}
