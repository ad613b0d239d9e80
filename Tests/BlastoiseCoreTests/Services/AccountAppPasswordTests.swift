import BlastoiseCore
import BlastoiseProtocol
import Testing

/// App passwords as the service makes and checks them, over a real SQLite file.
@Suite struct AccountAppPasswordTests {
  let ann = Credentials(username: "Ann", password: "password-1")
  let phone = ClientAddress.ipv4("10.0.0.7")

  @Test func anAppSignsInWithItsPasswordUntilItIsRevoked() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let owner = try await accounts.signUp(ann, fromOwnMachine: true).principal
      let made = try await accounts.createAppPassword(named: "  AntennaPod on my phone ", for: owner)
      #expect(made.appPassword.name == "AntennaPod on my phone" && !made.password.isEmpty)
      #expect(made.password != made.appPassword.id)

      // The username is matched as sign-in matches it (any case).
      let app = try await accounts.appSession(Credentials(username: "ann", password: made.password), from: phone)
      #expect(app.principal.userID == owner.userID)
      #expect(try await accounts.principal(forToken: app.token)?.userID == owner.userID)
      let listed = try await accounts.appPasswordList(of: owner).appPasswords
      #expect(listed.map(\.id) == [made.appPassword.id] && listed[0].lastUsedAt != nil)
      // The account's own password works too.
      let own = try await accounts.appSession(ann, from: phone)
      #expect(own.principal.userID == owner.userID)

      // Revoked: the app's session ends with it, and the secret signs in no more.
      try await accounts.revokeAppPassword(id: made.appPassword.id, of: owner)
      #expect(try await accounts.principal(forToken: app.token) == nil)
      #expect(try await accounts.principal(forToken: own.token) != nil)
      let refused = await #expect(throws: CoreError.self) {
        try await accounts.appSession(Credentials(username: "Ann", password: made.password), from: phone)
      }
      #expect(refused?.code == .unauthenticated)
      let again = await #expect(throws: CoreError.self) {
        try await accounts.revokeAppPassword(id: made.appPassword.id, of: owner)
      }
      #expect(again?.code == .notFound)
    }
  }

  @Test func anAppPasswordWorksOnlyForItsOwnAccountAndOnlyItsOwnerRevokesIt() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let owner = try await accounts.signUp(ann, fromOwnMachine: true).principal
      let bob = try await accounts.signUp(Credentials(username: "Bob", password: "password-2"), fromOwnMachine: true)
        .principal
      let made = try await accounts.createAppPassword(named: "Kasts", for: owner)
      await #expect(throws: CoreError.self) {
        try await accounts.appSession(Credentials(username: "Bob", password: made.password), from: phone)
      }
      let foreign = await #expect(throws: CoreError.self) {
        try await accounts.revokeAppPassword(id: made.appPassword.id, of: bob)
      }
      #expect(foreign?.code == .notFound)
      #expect(try await accounts.appPasswordList(of: bob).appPasswords.isEmpty)
    }
  }

  @Test func wrongSecretsAreThrottledLikeSignIns() async throws {
    var limits = LoginThrottle.Limits()
    limits.perAddressAndAccount = 3
    limits.windowSeconds = 60
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, throttle: limits)
      let owner = try await accounts.signUp(ann, fromOwnMachine: true).principal
      let made = try await accounts.createAppPassword(named: "gPodder", for: owner)
      for guess in ["a", "b", "c"] {
        await #expect(throws: CoreError.self) {
          try await accounts.appSession(Credentials(username: "Ann", password: guess), from: phone)
        }
      }
      let throttled = await #expect(throws: CoreError.self) {
        try await accounts.appSession(Credentials(username: "Ann", password: made.password), from: phone)
      }
      #expect(throttled?.code == .rateLimited(retryAfterSeconds: 60))
    }
  }

  @Test func namesAreCheckedAndGuestsHaveNone() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let owner = try await accounts.signUp(ann, fromOwnMachine: true).principal
      for name in ["", "   ", String(repeating: "x", count: 101), "tab\tname"] {
        await #expect(throws: CoreError.self) { try await accounts.createAppPassword(named: name, for: owner) }
      }
      let guest = try await accounts.startGuestSession(from: phone).principal
      let refused = await #expect(throws: CoreError.self) {
        try await accounts.createAppPassword(named: "x", for: guest)
      }
      #expect(refused?.code == .forbidden)
    }
  }
}
