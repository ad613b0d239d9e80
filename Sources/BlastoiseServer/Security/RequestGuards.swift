import BlastoiseHTTP

/// Checks every request before its body is read: state-changing requests and socket handshakes
/// from a foreign browser origin are refused.
struct RequestGuards: Sendable {
  let originPolicy: OriginPolicy
  let proxy: ProxyTrust

  func check(_ request: HTTPRequest, _ route: Route) throws(HTTPError) {
    let needsOriginCheck = request.method.isMutating || request.headers["Upgrade"] != nil
    if needsOriginCheck,
      !originPolicy.allows(
        origin: request.headers["Origin"], host: request.headers["Host"], secure: proxy.isSecure(request))
    {
      throw HTTPError(.forbidden, "Cross-origin request refused")
    }
  }
}
