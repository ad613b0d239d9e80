import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct AccountGuestTests {
  @Test func guestSessionIsAGuestAccount() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let guest = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      #expect(guest.principal.role == .guest)
      #expect(guest.principal.username.hasPrefix("guest-"))
      #expect(try await accounts.principal(forToken: guest.token) == guest.principal)
      #expect(try await storage.accounts.user(usernameKey: guest.principal.username)?.passwordHash == nil)
    }
  }

  @Test func guestsDoNotTakeTheFirstAdminPlace() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      _ = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      let ann = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      #expect(ann.principal.role == .admin)
    }
  }

  @Test func everyGuestIsSomeoneElse() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let first = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      let second = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      #expect(first.principal.sessionID != second.principal.sessionID)
      #expect(first.principal.username != second.principal.username)
    }
  }

  @Test func guestsAreRefusedWhenTheServerAllowsNone() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, policy: InstancePolicy(allowGuests: false))
      let error = await #expect(throws: CoreError.self) {
        try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      }
      #expect(error?.code == .forbidden)
    }
  }
}
