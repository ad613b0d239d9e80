import BlastoiseProtocol

/// `GET /api/status` and `/api/auth/*`.
extension BlastoiseAPI {
  public func status() async throws(BlastoiseClientError) -> ServerStatus {
    try await send("GET", "/api/status", as: ServerStatus.self)
  }

  /// Creates an account and signs in (the session cookie is kept).
  @discardableResult
  public func signUp(username: String, password: String) async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send(
      "POST", "/api/auth/signup", json: Credentials(username: username, password: password), as: AuthEnvelope.self)
  }

  @discardableResult
  public func logIn(username: String, password: String) async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send(
      "POST", "/api/auth/login", json: Credentials(username: username, password: password), as: AuthEnvelope.self)
  }

  /// Ends the session; the cookie is dropped even when the server cannot be reached.
  public func logOut() async throws(BlastoiseClientError) {
    defer { cookies.removeAll() }
    _ = try await sendRaw("POST", "/api/auth/logout")
  }

  /// Who the cookie belongs to; `user` is nil when signed out. On a server with guests, a
  /// visitor without a session becomes a guest here (and gets a cookie).
  public func me() async throws(BlastoiseClientError) -> AuthEnvelope {
    try await send("GET", "/api/auth/me", as: AuthEnvelope.self)
  }

  /// Ends every other session of this user; answers how many.
  @discardableResult
  public func kickOthers() async throws(BlastoiseClientError) -> Int {
    try await send("POST", "/api/auth/kick-others", as: SuccessResponse.self).count ?? 0
  }
}
