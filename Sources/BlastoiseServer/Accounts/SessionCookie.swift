import BlastoiseCore
import BlastoiseHTTP

/// The `blastoise_session` cookie: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS.
enum SessionCookie {
  static let name = "blastoise_session"

  /// The session token, nil without one. Two different ones are refused (400): which session
  /// a request acts as must not depend on the order a planted cookie (another subdomain's, a
  /// narrower path's) puts them in.
  static func token(in request: HTTPRequest) throws(CoreError) -> String? {
    let tokens = Set(CookieHeader.values(named: name, in: request.headers["Cookie"]).filter { !$0.isEmpty })
    guard tokens.count <= 1 else { throw CoreError.invalid("Several session cookies were sent; sign in again") }
    return tokens.first
  }

  static func issue(_ token: String, maxAge: Int, secure: Bool, on response: inout HTTPResponse) {
    response.headers.add(
      "Set-Cookie", SetCookie(name: name, value: token, maxAgeSeconds: maxAge, secure: secure).headerValue)
  }

  static func clear(secure: Bool, on response: inout HTTPResponse) {
    response.headers.add("Set-Cookie", SetCookie.expired(name, secure: secure).headerValue)
  }
}
