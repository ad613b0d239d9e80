import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct AccountSignInTests {
  @Test func rightPasswordStartsANewSession() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let signedUp = try await accounts.signUp(
        Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let signedIn = try await accounts.logIn(
        Credentials(username: " ANN ", password: "password-1"), from: .ipv4("10.0.0.1"))
      #expect(signedIn.principal.userID == signedUp.principal.userID)
      #expect(signedIn.token != signedUp.token)
      #expect(try await accounts.principal(forToken: signedIn.token)?.username == "Ann")
      #expect(try await accounts.principal(forToken: signedUp.token) != nil)  // the other device stays in
    }
  }

  @Test func wrongPasswordAndUnknownNameAreTheSameError() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      _ = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let wrong = await #expect(throws: CoreError.self) {
        try await accounts.logIn(Credentials(username: "Ann", password: "password-2"), from: .ipv4("10.0.0.1"))
      }
      let unknown = await #expect(throws: CoreError.self) {
        try await accounts.logIn(Credentials(username: "Nobody", password: "password-1"), from: .ipv4("10.0.0.1"))
      }
      #expect(wrong?.code == .unauthenticated)
      #expect(unknown == wrong)
    }
  }

  @Test func guestsCannotSignIn() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let guest = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      let error = await #expect(throws: CoreError.self) {
        try await accounts.logIn(Credentials(username: guest.principal.username, password: ""), from: .ipv4("10.0.0.1"))
      }
      #expect(error?.code == .unauthenticated)
    }
  }

  @Test func unknownTokenHasNoPrincipal() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      _ = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      #expect(try await accounts.principal(forToken: "not-a-token") == nil)
    }
  }

  @Test func logOutEndsOnlyThatSession() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let phone = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let laptop = try await accounts.logIn(
        Credentials(username: "Ann", password: "password-1"), from: .ipv4("10.0.0.1"))
      try await accounts.logOut(phone.principal)
      #expect(try await accounts.principal(forToken: phone.token) == nil)
      #expect(try await accounts.principal(forToken: laptop.token) != nil)
    }
  }

  @Test func endOtherSessionsKeepsThisOneAndCountsTheEndedOnes() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage)
      let phone = try await accounts.signUp(Credentials(username: "Ann", password: "password-1"), fromOwnMachine: true)
      let laptop = try await accounts.logIn(
        Credentials(username: "Ann", password: "password-1"), from: .ipv4("10.0.0.1"))
      let bob = try await accounts.signUp(Credentials(username: "Bob", password: "password-2"), fromOwnMachine: true)
      let ended = try await accounts.endOtherSessions(of: laptop.principal)
      #expect(ended == 1)
      #expect(try await accounts.principal(forToken: phone.token) == nil)
      #expect(try await accounts.principal(forToken: laptop.token) != nil)
      #expect(try await accounts.principal(forToken: bob.token) != nil)
    }
  }
}
