import BlastoiseCore
import BlastoiseHTTP

/// Checks every request before its body is read: a `Host` that is not one of the server's own
/// names is refused (421, DNS rebinding), state-changing requests and socket handshakes from a
/// foreign browser origin are refused, and routes that take large bodies (uploads) check the
/// caller's permission first, so nobody can make the server read a body it will refuse.
struct RequestGuards: Sendable {
  let hostPolicy: HostPolicy
  let originPolicy: OriginPolicy
  let proxy: ProxyTrust
  var authenticator: RequestAuthenticator?
  /// Route pattern → permission checked before the body.
  var permissionsBeforeBody: [String: Permission] = [:]
  /// How long that check may wait for the session lookup.
  var sessionCheckLimit: Duration = .seconds(5)

  func check(_ request: HTTPRequest, _ route: Route) throws(HTTPError) {
    // RFC 9112 §3.2: two Host fields are a bad request (a proxy and this server could each
    // believe a different one).
    guard request.headers.values("Host").count <= 1 else { throw HTTPError(.badRequest, "More than one Host header") }
    guard hostPolicy.allows(host: request.headers["Host"]) else {
      throw HTTPError(421, "This server does not answer to that host name")
    }
    let needsOriginCheck = request.method.isMutating || request.headers["Upgrade"] != nil
    if needsOriginCheck,
      !originPolicy.allows(
        origin: request.headers["Origin"], host: request.headers["Host"], secure: proxy.isSecure(request))
    {
      throw HTTPError(.forbidden, "Cross-origin request refused")
    }
    if let permission = permissionsBeforeBody[route.pattern], let authenticator {
      do {
        // Runs on a libmicrohttpd thread, before the body: it may wait for the session lookup.
        _ = try ThreadBlockingWait.result(limit: sessionCheckLimit) {
          try await authenticator.require(permission, for: request)
        }
      } catch let error as CoreError {
        throw ErrorMapping.httpError(for: error)
      } catch {
        throw HTTPError(.internalServerError, "Could not check the session")
      }
    }
  }
}
