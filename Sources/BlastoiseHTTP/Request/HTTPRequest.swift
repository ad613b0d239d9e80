/// A request as handlers see it: decoded target, headers, cookies and a complete body.
public struct HTTPRequest: Sendable {
  public let method: HTTPMethod
  public let target: RequestTarget
  public let headers: HTTPHeaders
  /// Values of the route's `:name` segments, percent-decoded.
  public internal(set) var pathParameters: [String: String] = [:]
  public internal(set) var body: [UInt8] = []
  /// Parts of a `multipart/form-data` body; files are already on disk.
  public internal(set) var multipart: [MultipartPart] = []
  /// A `BodyPolicy.file` body, already on disk.
  public internal(set) var bodyFile: BodyFile?
  /// What a `BodyPolicy.append` body added to its file.
  public internal(set) var appended: AppendedBody?
  /// The peer's IP address as text.
  public let remoteAddress: String

  public init(
    method: HTTPMethod, target: RequestTarget, headers: HTTPHeaders, remoteAddress: String = "127.0.0.1",
    body: [UInt8] = []
  ) {
    self.method = method
    self.target = target
    self.headers = headers
    self.remoteAddress = remoteAddress
    self.body = body
  }

  public var path: String { target.path }
  public var query: [String: String] { target.query }
  public var cookies: [String: String] { CookieHeader.parse(headers["Cookie"]) }

  public func pathParameter(_ name: String) -> String { pathParameters[name] ?? "" }

  /// The body decoded as JSON; failures are 400s naming the field.
  public func decodeJSON<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
    try JSONCoding.decodeBody(type, from: body)
  }
}

/// One part of a multipart form: a small field value in memory, or a file streamed to disk.
public struct MultipartPart: Sendable {
  public let name: String
  public let filename: String?
  public let contentType: String?
  /// For file parts: the temporary file holding the bytes. The server deletes it after the
  /// handler returns, so a handler that keeps the file must move it away.
  public let temporaryFilePath: String?
  public let size: Int
  public let value: String?
}
