import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct AccountSignUpTests {
  @Test func firstAccountBecomesAdminAndLaterOnesUsers() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let first = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let second = try await accounts.signUp(Credentials(username: "Bob", password: "password-2"), fromOwnMachine: true)
      #expect(first.principal.role == .admin)
      #expect(second.principal.role == .user)
    }
  }

  @Test func signUpStartsASessionForTheNewAccount() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let signedIn = try await accounts.signUp(
        Credentials(username: "  Ann  ", password: "password-1"), fromOwnMachine: true)
      let principal = try await accounts.principal(forToken: signedIn.token)
      #expect(principal == signedIn.principal)
      #expect(principal?.username == "Ann")  // trimmed
    }
  }

  @Test func storedPasswordIsTheHashNotThePassword() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      _ = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let stored = try #require(try await storage.accounts.user(usernameKey: "ann")?.passwordHash)
      #expect(stored != "password-1")
      #expect(await SaltedTestHasher().verify("password-1", against: stored))
    }
  }

  @Test func takenUsernameIsConflictWhateverItsCase() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      _ = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let error = await #expect(throws: CoreError.self) {
        try await accounts.signUp(Credentials(username: "aNN", password: "password-2"), fromOwnMachine: true)
      }
      #expect(error?.code == .conflict)
    }
  }

  @Test func closedSignUpIsForbiddenButAddUserWorks() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, policy: InstancePolicy(allowGuests: false, allowSignup: false))
      let error = await #expect(throws: CoreError.self) {
        try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      }
      #expect(error?.code == .forbidden)
      let added = try await accounts.addUser(Credentials(username: "Bob", password: "password-2"), admin: false)
      #expect(added.role == .admin)  // still the first account
    }
  }

  @Test func guestPrefixIsReserved() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let error = await #expect(throws: CoreError.self) {
        try await accounts.signUp(Credentials(username: "Guest-Ann", password: "password-1"), fromOwnMachine: true)
      }
      #expect(error?.code == .invalidInput)
    }
  }

  @Test func shortPasswordIsRefusedAndNothingIsStored() async throws {
    try await withTempStorage { storage async throws in
      let accounts = AccountService.forTests(storage)
      let error = await #expect(throws: CoreError.self) {
        try await accounts.signUp(Credentials(username: "Ann", password: "short"), fromOwnMachine: true)
      }
      #expect(error?.code == .invalidInput)
      #expect(try await storage.accounts.user(usernameKey: "ann") == nil)
    }
  }
}
