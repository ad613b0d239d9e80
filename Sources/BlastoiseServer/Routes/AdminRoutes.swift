import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/admin/*`: what only an admin may see.
struct AdminRoutes: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator
  /// How this server runs, now (`ServerReport`).
  let server: @Sendable () -> ServerReport

  func register(on router: inout Router) {
    router.on(.get, APIRoute.adminGuests.pattern) { request in
      _ = try await auth.require(.administer, for: request)
      return .json(
        try await accounts.liveGuests().map {
          GuestSessionInfo(name: $0.name, address: $0.address, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt)
        })
    }
    router.on(.get, APIRoute.adminServer.pattern) { request in
      _ = try await auth.require(.administer, for: request)
      return .json(server())
    }
  }
}
