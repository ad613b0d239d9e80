import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/auth/*`: sign-up, sign-in, sign-out, who am I, and ending one's other sessions.
struct AuthRoutes: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator
  let sockets: SessionSockets
  let policy: InstancePolicy

  private static let credentialsBody = BodyPolicy.json(maxBytes: 4096)

  func register(on router: inout Router) {
    router.on(.post, APIRoute.signUp.pattern, body: Self.credentialsBody) { request in
      let credentials = try request.decodeJSON(Credentials.self)
      return try await signedIn(try await accounts.signUp(credentials), request: request)
    }
    router.on(.post, APIRoute.logIn.pattern, body: Self.credentialsBody) { request in
      let credentials = try request.decodeJSON(Credentials.self)
      return try await signedIn(
        try await accounts.logIn(credentials, from: auth.proxy.clientAddress(request)), request: request)
    }
    router.on(.post, APIRoute.logOut.pattern, body: .smallJSON) { request in
      if let principal = try? await auth.principal(for: request) { try await accounts.logOut(principal) }
      var response = HTTPResponse.json(SuccessResponse())
      SessionCookie.clear(secure: auth.proxy.isSecure(request), on: &response)
      return response
    }
    router.on(.get, APIRoute.me.pattern) { request in try await me(request) }
    router.on(.post, APIRoute.kickOthers.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      let ended = try await accounts.endOtherSessions(of: principal)
      sockets.kick(sessions: ended, reason: "Kicked by another session")
      return .json(SuccessResponse(count: ended.count))
    }
  }

  /// The current user; with guests allowed, a visitor without a session becomes a guest here.
  private func me(_ request: HTTPRequest) async throws -> HTTPResponse {
    var staleCookie = false
    do {
      if let principal = try await auth.principal(for: request) { return .json(AuthEnvelope(user: principal.userInfo)) }
    } catch let error as CoreError where error.code == .unauthenticated {
      staleCookie = true
    }
    if policy.allowGuests {
      return try await signedIn(await accounts.startGuestSession(), request: request, endingPrevious: false)
    }
    var response = HTTPResponse.json(AuthEnvelope(user: nil))
    if staleCookie { SessionCookie.clear(secure: auth.proxy.isSecure(request), on: &response) }
    return response
  }

  /// Answers a new session with its cookie; the session the request came with (if any) ends, so
  /// every sign-in rotates the token.
  private func signedIn(
    _ session: AccountService.SignedIn, request: HTTPRequest, endingPrevious: Bool = true
  ) async throws -> HTTPResponse {
    if endingPrevious, let previous = try? await auth.principal(for: request),
      previous.sessionID != session.principal.sessionID
    {
      try await accounts.logOut(previous)
    }
    var response = HTTPResponse.json(AuthEnvelope(user: session.principal.userInfo))
    SessionCookie.issue(
      session.token, maxAge: accounts.lifetime.cookieMaxAge, secure: auth.proxy.isSecure(request), on: &response)
    return response
  }
}
