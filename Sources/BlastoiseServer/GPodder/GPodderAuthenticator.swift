import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// Who calls the gPodder API. A client signs in with HTTP Basic (the account's username and an app
/// password or its password, `AccountService.appSession`) and gets a `sessionid` cookie, as from
/// gpodder.net: some clients (Python's mygpoclient) send their credentials only a few times and
/// rely on that cookie after. A web session's cookie works too. Every refusal to sign in is a 401
/// with `WWW-Authenticate: Basic`, since clients send credentials only after that challenge. The
/// `{user}` in the path must be the caller.
struct GPodderAuthenticator: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator

  static let challenge = [("WWW-Authenticate", #"Basic realm="Blastoise", charset="UTF-8""#)]
  static let cookie = "sessionid"

  /// The caller, who must be `user` and may listen (guests are refused, 403); and the session
  /// made when they signed in with this request, for its cookie.
  func caller(_ request: HTTPRequest, user: String) async throws -> (Principal, AccountService.SignedIn?) {
    let (principal, session): (Principal, AccountService.SignedIn?)
    do {
      (principal, session) = try await signIn(request)
    } catch let error as CoreError where error.code == .unauthenticated {
      throw HTTPError(.unauthorized, error.message, headers: Self.challenge)
    }
    guard CredentialRules.key(for: principal.username) == CredentialRules.key(for: user) else {
      throw HTTPError(.unauthorized, "These credentials are not \(user)'s", headers: Self.challenge)
    }
    guard principal.role != .guest else { throw HTTPError(.forbidden, "Guests have no podcast sync") }
    return (try AccessPolicy.require(.listen, of: principal), session)
  }

  /// Sets the cookie of a session `caller` made.
  func issue(_ session: AccountService.SignedIn, for request: HTTPRequest, on response: inout HTTPResponse) {
    let cookie = SetCookie(
      name: Self.cookie, value: session.token, maxAgeSeconds: accounts.lifetime.cookieMaxAge,
      secure: auth.proxy.isSecure(request))
    response.headers.add("Set-Cookie", cookie.headerValue)
  }

  /// A live `sessionid` first, then Basic credentials (a new session), then a web session.
  private func signIn(_ request: HTTPRequest) async throws -> (Principal, AccountService.SignedIn?) {
    for token in CookieHeader.values(named: Self.cookie, in: request.headers["Cookie"]) where !token.isEmpty {
      if let principal = try await accounts.principal(forToken: token) { return (principal, nil) }
    }
    if let credentials = try Self.basicCredentials(request) {
      let session = try await accounts.appSession(credentials, from: auth.proxy.client(request))
      return (session.principal, session)
    }
    if let principal = try await auth.principal(for: request) { return (principal, nil) }
    throw CoreError(.unauthenticated, "Sign in with your username and an app password")
  }

  /// `Authorization: Basic base64(user:password)`; nil without one, 401 when malformed.
  static func basicCredentials(_ request: HTTPRequest) throws -> Credentials? {
    guard let header = request.headers["Authorization"] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "basic", parts[1].utf8.count <= 4_096,
      let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
      let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
    else { throw CoreError(.unauthenticated, "The Authorization header is not HTTP Basic credentials") }
    return Credentials(username: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
  }
}
