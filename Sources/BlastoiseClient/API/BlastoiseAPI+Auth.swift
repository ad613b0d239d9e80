import BlastoiseProtocol

/// `GET /api/status` and `/api/auth/*`.
extension BlastoiseAPI {
  public func status() async throws(BlastoiseClientError) -> ServerStatus {
    try await send("GET", APIRoute.status.path(), as: ServerStatus.self)
  }

  /// Creates an account and signs in (the session cookie is kept).
  @discardableResult
  public func signUp(username: String, password: String) async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send(
      "POST", APIRoute.signUp.path(), json: Credentials(username: username, password: password), as: AuthEnvelope.self)
  }

  @discardableResult
  public func logIn(username: String, password: String) async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send(
      "POST", APIRoute.logIn.path(), json: Credentials(username: username, password: password), as: AuthEnvelope.self)
  }

  /// Ends the session; the cookie is dropped even when the server cannot be reached.
  public func logOut() async throws(BlastoiseClientError) {
    defer { cookies.removeAll() }
    _ = try await sendRaw("POST", APIRoute.logOut.path())
  }

  /// Who the cookie belongs to; `user` is nil when signed out. On a server with guests, a
  /// visitor without a session becomes a guest here (and gets a cookie).
  public func me() async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send("GET", APIRoute.me.path(), as: AuthEnvelope.self)
  }

  /// Ends every other session of this user; answers how many.
  @discardableResult
  public func kickOthers() async throws(BlastoiseClientError) -> Int {
    try await send("POST", APIRoute.kickOthers.path(), as: SuccessResponse.self).count ?? 0
  }
}
