import BlastoiseHTTP

/// The `blastoise_session` cookie: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS.
enum SessionCookie {
  static let name = "blastoise_session"

  static func token(in request: HTTPRequest) -> String? {
    request.cookies[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  static func issue(_ token: String, maxAge: Int, secure: Bool, on response: inout HTTPResponse) {
    response.headers.add(
      "Set-Cookie", SetCookie(name: name, value: token, maxAgeSeconds: maxAge, secure: secure).headerValue)
  }

  static func clear(secure: Bool, on response: inout HTTPResponse) {
    response.headers.add("Set-Cookie", SetCookie.expired(name, secure: secure).headerValue)
  }
}
