import BlastoiseCore
import BlastoiseHTTP

/// Turns a request's cookie into a principal, and checks capabilities — the one place every
/// route and socket asks "who is this, and may they?".
struct RequestAuthenticator: Sendable {
  let accounts: AccountService
  let proxy: ProxyTrust

  /// The principal behind the cookie. A cookie that names no live session is a 401 (the client
  /// should sign in again); no cookie is nil.
  func principal(for request: HTTPRequest) throws -> Principal? {
    guard let token = SessionCookie.token(in: request) else { return nil }
    guard let principal = try accounts.principal(forToken: token) else {
      throw CoreError(.unauthenticated, "Your session has ended; sign in again")
    }
    return principal
  }

  func require(_ permission: Permission, for request: HTTPRequest) throws -> Principal {
    try AccessPolicy.require(permission, of: principal(for: request))
  }
}
