import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/app-passwords…`: the caller's app passwords (`AccountService+AppPasswords`). Needs
/// `listen` and an account: guests get 403.
struct AppPasswordRoutes: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    router.on(.get, APIRoute.appPasswords.pattern) { request in
      .json(try await accounts.appPasswordList(of: try await auth.require(.listen, for: request)))
    }
    router.on(.post, APIRoute.appPasswords.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      let name = try request.decodeJSON(AppPasswordRequest.self).name
      return .json(try await accounts.createAppPassword(named: name, for: principal), status: .created)
    }
    router.on(.delete, APIRoute.appPassword.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      try await accounts.revokeAppPassword(id: request.pathParameter("id"), of: principal)
      return .json(SuccessResponse())
    }
  }
}
