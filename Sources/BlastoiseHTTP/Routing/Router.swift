/// Finds the route for a method and decoded path. `HEAD` falls back to `GET`.
public struct Router: Sendable {
  public enum Match: Sendable {
    case found(Route, parameters: [String: String])
    case methodNotAllowed(allowed: [HTTPMethod])
    case notFound
  }

  /// Every route in the order it was added (the OpenAPI contract test compares them).
  public private(set) var routes: [Route] = []

  public init() {}

  public mutating func add(_ route: Route) {
    routes.append(route)
  }

  public mutating func immediate(
    _ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .none,
    _ handler: @escaping @Sendable (HTTPRequest) throws(HTTPError) -> HTTPResponse
  ) {
    add(Route(method, pattern, body: body, handler: .immediate(handler)))
  }

  public mutating func on(
    _ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .none,
    _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) {
    add(Route(method, pattern, body: body, handler: .async(handler)))
  }

  public func match(_ method: HTTPMethod, _ path: [String]) -> Match {
    var allowed: [HTTPMethod] = []
    for route in routes {
      guard let parameters = route.match(path) else { continue }
      if route.method == method || (method == .head && route.method == .get) {
        return .found(route, parameters: parameters)
      }
      // A catch-all (`*rest`) route does not make every other path "method not allowed".
      if !route.isCatchAll { allowed.append(route.method) }
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }
}
