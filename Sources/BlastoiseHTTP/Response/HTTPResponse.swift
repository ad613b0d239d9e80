import Foundation

/// What a handler answers. The body is bytes in memory, a file range of an open descriptor, or a
/// WebSocket upgrade.
public struct HTTPResponse: Sendable {
  public enum Body: Sendable {
    case bytes([UInt8])
    /// The server sends `length` bytes from `offset` (from a shared mapping of the file, see
    /// `FileMappings`) and closes the descriptor.
    case file(OwnedFileDescriptor, offset: UInt64, length: UInt64)
    case webSocket(WebSocketUpgrade)
  }

  public var status: HTTPStatus
  public var headers: HTTPHeaders
  public var body: Body

  public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
      body: .bytes(Array(text.utf8)))
  }

  public static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> HTTPResponse {
    do {
      return jsonBytes(try JSONCoding.encoder.encode(value), status: status)
    } catch {
      return .error(HTTPError(.internalServerError, "Could not encode the response"))
    }
  }

  public static func jsonBytes(_ data: Data, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .bytes(Array(data)))
  }

  /// Headers every answer carries, however it leaves (libmicrohttpd's `ResponseWriter`, or
  /// `EarlyAnswer` straight on the socket): no browser may guess a type we did not send.
  static let commonHeaders: [(String, String)] = [("X-Content-Type-Options", "nosniff")]

  /// The headers this answer goes out with: its own, then each common one it does not set itself
  /// (so none is sent twice).
  var outgoingHeaders: HTTPHeaders {
    var all = headers
    for (name, value) in Self.commonHeaders where all[name] == nil { all.add(name, value) }
    return all
  }

  /// `{ "error": message }` with the error's status and headers.
  public static func error(_ error: HTTPError) -> HTTPResponse {
    var response = json(["error": error.message], status: error.status)
    for (name, value) in error.headers { response.headers.add(name, value) }
    return response
  }
}

/// A file descriptor whose ownership passes to whoever sends it; closed if never sent.
public final class OwnedFileDescriptor: @unchecked Sendable {
  private var descriptor: Int32?

  public init(_ descriptor: Int32) { self.descriptor = descriptor }

  /// Hands the descriptor over; the caller now closes it. Only the server's send path calls this.
  func take() -> Int32? {
    defer { descriptor = nil }
    return descriptor
  }

  deinit {
    if let descriptor { close(descriptor) }
  }
}
