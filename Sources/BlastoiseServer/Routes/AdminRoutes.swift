import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/admin/*`: what only an admin may see and change — guests, accounts, the server's
/// switches, the scan log.
struct AdminRoutes: Sendable {
  let accounts: AccountService
  let auth: RequestAuthenticator
  let scans: ScanLog
  /// How this server runs, now, with these switches (`ServerReport`).
  let server: @Sendable (InstancePolicy) -> ServerReport

  private static let accountBody = BodyPolicy.json(maxBytes: 4096)

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
      return .json(server(try await accounts.policy()))
    }
    router.on(.patch, APIRoute.adminServer.pattern, body: .smallJSON) { request in
      let admin = try await auth.require(.administer, for: request)
      let change = try request.decodeJSON(PolicyChange.self)
      return .json(server(try await accounts.changePolicy(change, by: admin)))
    }
    router.on(.get, APIRoute.adminScans.pattern) { request in
      _ = try await auth.require(.administer, for: request)
      return .json(scans.all)
    }
    router.on(.get, APIRoute.adminUsers.pattern) { request in
      let admin = try await auth.require(.administer, for: request)
      return .json(try await accounts.accountList(by: admin).map(\.info))
    }
    router.on(.post, APIRoute.adminUsers.pattern, body: Self.accountBody) { request in
      let admin = try await auth.require(.administer, for: request)
      let new = try request.decodeJSON(NewAccount.self)
      return .json(try await accounts.createAccount(new, by: admin).info, status: .created)
    }
    router.on(.patch, APIRoute.adminUser.pattern, body: .smallJSON) { request in
      let admin = try await auth.require(.administer, for: request)
      guard let id = Int(request.pathParameter("id")) else { throw CoreError(.notFound, "No such account") }
      let change = try request.decodeJSON(AccountChange.self)
      return .json(try await accounts.changeAccount(id: id, change, by: admin).info)
    }
  }
}

extension StoredAccount {
  /// The wire form: never the password's hash.
  var info: AccountInfo {
    AccountInfo(
      id: user.id, username: user.username, displayName: user.displayName, role: user.role.rawValue,
      disabled: user.disabled, createdAt: createdAt, lastSeenAt: lastSeenAt)
  }
}
