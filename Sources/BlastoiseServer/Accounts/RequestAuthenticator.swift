import BlastoiseCore
import BlastoiseHTTP

/// Turns a request's cookie into a principal, and checks permissions — the one place every
/// route and socket asks "who is this, and may they?".
struct RequestAuthenticator: Sendable {
  let accounts: AccountService
  let proxy: ProxyTrust

  /// The principal behind the cookie. A cookie that names no live session is a 401 (the client
  /// should sign in again); no cookie is nil.
  func principal(for request: HTTPRequest) async throws -> Principal? {
    guard let token = try SessionCookie.token(in: request) else { return nil }
    guard let principal = try await accounts.principal(forToken: token) else {
      throw CoreError(.unauthenticated, "Your session has ended; sign in again")
    }
    return principal
  }

  /// The principal behind the cookie; without one (or with an ended one), a new guest session
  /// when the server allows guests — returned too, so the answer can set its cookie.
  func principalOrGuest(for request: HTTPRequest) async throws -> (Principal?, AccountService.SignedIn?) {
    var ended: CoreError?
    do {
      if let principal = try await principal(for: request) { return (principal, nil) }
    } catch let error as CoreError where error.code == .unauthenticated {
      ended = error
    }
    guard try await accounts.allowsGuests() else {
      if let ended { throw ended }
      return (nil, nil)
    }
    let guest = try await accounts.startGuestSession(from: proxy.client(request))
    return (guest.principal, guest)
  }

  func require(_ permission: Permission, for request: HTTPRequest) async throws -> Principal {
    try AccessPolicy.require(permission, of: await principal(for: request))
  }

  /// The caller's account ID, for what each person keeps (annotations, progress): `permission`,
  /// and an account, since a guest has no lasting identity to keep it for (403 `guestRefusal`).
  func account(_ permission: Permission, for request: HTTPRequest, guestRefusal: String) async throws -> Int {
    let principal = try await require(permission, for: request)
    guard principal.role != .guest else { throw HTTPError(.forbidden, guestRefusal) }
    return principal.userID
  }
}
