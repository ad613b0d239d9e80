/// How a route takes its body. Anything else the client sends is refused before it is read.
public enum BodyPolicy: Sendable, Equatable {
  /// No body; a request that sends one gets 413.
  case none
  /// A JSON body of at most `maxBytes` (empty allowed); other content types get 415.
  case json(maxBytes: Int)
  /// A JSON body of at most `maxBytes` whatever its Content-Type says: for other projects' APIs
  /// whose clients label JSON otherwise (mygpoclient sends gPodder's as a form). A cross-site
  /// form still cannot use it: the Origin check refuses those.
  case foreignJSON(maxBytes: Int)
  /// An `application/x-www-form-urlencoded` body of at most `maxBytes` (empty allowed): the
  /// Subsonic API's `formPost`.
  case form(maxBytes: Int)
  /// `multipart/form-data` of at most `maxBytes` in total, file parts streamed to `directory`.
  case multipart(maxBytes: Int, directory: String)
  /// A raw body of any Content-Type and at most `maxBytes`, streamed to a temporary file in
  /// `directory` (`HTTPRequest.bodyFile`): one whole file uploaded as the body.
  case file(maxBytes: Int, directory: String)
  /// A raw body of any Content-Type and at most `maxBytes` appended to the file `BodyAppender`
  /// opens from the request's head (`HTTPRequest.appended`): a resumable upload's next bytes.
  /// What arrived stays, also when the client goes away mid-body.
  case append(maxBytes: Int, BodyAppender)

  public static let smallJSON = BodyPolicy.json(maxBytes: 64 * 1024)

  var maxBytes: Int {
    switch self {
    case .none: 0
    case .json(let maxBytes), .foreignJSON(let maxBytes), .form(let maxBytes), .multipart(let maxBytes, _),
      .file(let maxBytes, _),
      .append(let maxBytes, _):
      maxBytes
    }
  }
}

/// A handler: `immediate` ones run on the HTTP thread and must not block (they serve the hot,
/// cheap routes); `async` ones run on the Swift concurrency pool while the connection is
/// suspended, so a slow handler never stalls the polling threads.
public enum RouteHandler: Sendable {
  case immediate(@Sendable (HTTPRequest) throws(HTTPError) -> HTTPResponse)
  case async(@Sendable (HTTPRequest) async throws -> HTTPResponse)
}

public struct Route: Sendable {
  enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
    /// `*name` as the last segment matches the rest of the path (possibly empty).
    case rest(String)
  }

  public let method: HTTPMethod
  public let pattern: String
  public let body: BodyPolicy
  public let handler: RouteHandler
  let segments: [Segment]

  public init(_ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .none, handler: RouteHandler) {
    self.method = method
    self.pattern = pattern
    self.body = body
    self.handler = handler
    segments = pattern.split(separator: "/").map { part in
      if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
      if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
      return .literal(String(part))
    }
  }

  var isCatchAll: Bool {
    if case .rest = segments.last { return true }
    return false
  }

  /// The path parameters when `path` matches this pattern.
  func match(_ path: [String]) -> [String: String]? {
    var parameters: [String: String] = [:]
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .rest(let name):
        parameters[name] = path[min(index, path.count)...].joined(separator: "/")
        return parameters
      case .literal(let literal):
        guard index < path.count, path[index] == literal else { return nil }
      case .parameter(let name):
        guard index < path.count else { return nil }
        parameters[name] = path[index]
      }
    }
    return path.count == segments.count ? parameters : nil
  }
}
