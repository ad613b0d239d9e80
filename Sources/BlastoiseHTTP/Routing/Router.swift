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

  /// A catch-all (`*rest`) route only takes paths no other route has: it does not make every
  /// other path "method not allowed", nor answer a path whose routes take other methods.
  public func match(_ method: HTTPMethod, _ path: [String]) -> Match {
    var allowed: [HTTPMethod] = []
    var catchAll: Match?
    for route in routes {
      guard let parameters = route.match(path) else { continue }
      let methodMatches = route.method == method || (method == .head && route.method == .get)
      if route.isCatchAll {
        if methodMatches, catchAll == nil { catchAll = .found(route, parameters: parameters) }
      } else if methodMatches {
        return .found(route, parameters: parameters)
      } else {
        allowed.append(route.method)
      }
    }
    if !allowed.isEmpty { return .methodNotAllowed(allowed: allowed) }
    return catchAll ?? .notFound
  }
}
