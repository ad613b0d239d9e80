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

  func caller(_ parameters: SubsonicParameters, _ request: HTTPRequest) async throws -> Principal {
    do {
      switch try SubsonicCredentials(parameters) {
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
