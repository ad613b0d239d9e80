import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSubsonic

/// Who sends a Subsonic request, from its credentials (`SubsonicCredentials`): an API key or a
/// token are app passwords; a password (`p=`) is an app password or the account's own, checked
/// and throttled as a sign-in. Callers keep no session: every request says who it is.
struct SubsonicCallers: Sendable {
  let accounts: AccountService
  let proxy: ProxyTrust
  /// The credentials' hash (SHA-256) for `VerifiedCallers`' keys.
  let tokens = SodiumSessionTokens()
  let clock: any WallClock

  func caller(_ parameters: SubsonicParameters, _ request: HTTPRequest) async throws -> Principal {
    let credentials = try SubsonicCredentials(parameters)
    let key = Self.key(credentials, hash: tokens.hash)
    let now = clock.now()
    if let known = accounts.verifiedCallers.principal(key, now: now) { return known }
    let principal = try await check(credentials, request)
    accounts.verifiedCallers.remember(principal, as: key, now: now)
    return principal
  }

  /// What the credentials are remembered by: the password's or key's hash, never the secret.
  static func key(_ credentials: SubsonicCredentials, hash: (String) -> String) -> String {
    switch credentials {
    case .apiKey(let key): "k\u{0}" + hash(key)
    case .token(let username, let token, let salt): "t\u{0}" + username + "\u{0}" + token + "\u{0}" + salt
    case .password(let username, let password): "p\u{0}" + username + "\u{0}" + hash(password)
    }
  }

  private func check(_ credentials: SubsonicCredentials, _ request: HTTPRequest) async throws -> Principal {
    do {
      switch credentials {
      case .apiKey(let key):
        guard let principal = try await accounts.subsonicCaller(apiKey: key) else {
          throw SubsonicFailure(.invalidAPIKey, "No such API key: make an app password in the web app and use it")
        }
        return principal
      case .password(let username, let password):
        return try await accounts.subsonicCaller(
          Credentials(username: username, password: password), from: proxy.client(request))
      case .token(let username, let token, let salt):
        return try await accounts.subsonicCaller(username: username, from: proxy.client(request)) { secret in
          SubsonicCredentials.tokenMatches(token, salt: salt, secret: secret)
        }
      }
    } catch let error as CoreError where error.code == .unauthenticated {
      throw SubsonicFailure(.wrongCredentials, error.message)
    }
  }
}
