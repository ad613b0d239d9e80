import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/auth/*`: sign-up, sign-in, sign-out, who am I, changing one's password, and ending one's
/// other sessions.
struct AuthRoutes: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator

  private static let credentialsBody = BodyPolicy.json(maxBytes: 4096)

  func register(on router: inout Router) {
    router.on(.post, APIRoute.signUp.pattern, body: Self.credentialsBody) { request in
      let credentials = try request.decodeJSON(Credentials.self)
      let local = auth.proxy.isFromThisMachine(request)
      return try await signedIn(try await accounts.signUp(credentials, fromOwnMachine: local), request: request)
    }
    router.on(.post, APIRoute.logIn.pattern, body: Self.credentialsBody) { request in
      let credentials = try request.decodeJSON(Credentials.self)
      return try await signedIn(
        try await accounts.logIn(credentials, from: auth.proxy.client(request)), request: request)
    }
    router.on(.post, APIRoute.logOut.pattern, body: .smallJSON) { request in
      if let principal = try? await auth.principal(for: request) { try await accounts.logOut(principal) }
      var response = HTTPResponse.json(SuccessResponse())
      SessionCookie.clear(secure: auth.proxy.isSecure(request), on: &response)
      return response
    }
    router.on(.get, APIRoute.me.pattern) { request in try await me(request) }
    router.on(.patch, APIRoute.me.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      let change = try request.decodeJSON(ProfileChange.self)
      return .json(AuthEnvelope(user: try await accounts.setDisplayName(change.displayName, of: principal).userInfo))
    }
    router.on(.post, APIRoute.password.pattern, body: Self.credentialsBody) { request in
      let principal = try await auth.require(.listen, for: request)
      let change = try request.decodeJSON(PasswordChange.self)
      let ended = try await accounts.changePassword(change, of: principal, from: auth.proxy.client(request))
      return .json(SuccessResponse(count: ended))
    }
    router.on(.get, APIRoute.sessions.pattern) { request in
      .json(try await accounts.sessions(of: try await auth.require(.listen, for: request)))
    }
    router.on(.delete, APIRoute.session.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      try await accounts.endSession(named: request.pathParameter("id"), of: principal)
      return .json(SuccessResponse())
    }
    router.on(.post, APIRoute.kickOthers.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      return .json(SuccessResponse(count: try await accounts.endOtherSessions(of: principal)))
    }
  }

  /// The current user; with guests allowed, a visitor without a session becomes a guest here.
  private func me(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      let (principal, guest) = try await auth.principalOrGuest(for: request)
      var response = HTTPResponse.json(AuthEnvelope(user: principal?.userInfo))
      if let guest { issue(guest, for: request, on: &response) }
      return response
    } catch let error as CoreError where error.code == .unauthenticated {
      var response = HTTPResponse.json(AuthEnvelope(user: nil))
      SessionCookie.clear(secure: auth.proxy.isSecure(request), on: &response)
      return response
    }
  }

  /// Answers a new session with its cookie; the session the request came with (if any) ends, so
  /// every sign-in rotates the token.
  private func signedIn(_ session: AccountService.SignedIn, request: HTTPRequest) async throws -> HTTPResponse {
    if let previous = try? await auth.principal(for: request), previous.sessionID != session.principal.sessionID {
      try await accounts.logOut(previous)
    }
    var response = HTTPResponse.json(AuthEnvelope(user: session.principal.userInfo))
    issue(session, for: request, on: &response)
    return response
  }

  private func issue(_ session: AccountService.SignedIn, for request: HTTPRequest, on response: inout HTTPResponse) {
    SessionCookie.issue(
      session.token, maxAge: accounts.lifetime.cookieMaxAge, secure: auth.proxy.isSecure(request), on: &response)
  }
}
