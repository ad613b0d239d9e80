import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Session lifetimes against an injected `now`: no test waits for real time.
@Suite struct AccountSessionLifetimeTests {
  let lifetime = SessionLifetime(idleSeconds: 100, absoluteSeconds: 250)
  let credentials = Credentials(username: "Ann", password: "password-1")

  @Test func sessionDiesAfterTheIdleLifetime() async throws {
    try await withTempStorage { storage in
      let time = TestTime()
      let idleOnly = SessionLifetime(idleSeconds: 100, absoluteSeconds: 10_000)
      let accounts = AccountService.forTests(storage, lifetime: idleOnly, time: time)
      let signedIn = try await accounts.signUp(credentials, fromOwnMachine: true)
      time.advance(by: 99)
      #expect(try await accounts.principal(forToken: signedIn.token) != nil)
      time.advance(by: 99)  // 99 s after the last use
      #expect(try await accounts.principal(forToken: signedIn.token) != nil)
      time.advance(by: 100)  // exactly the idle lifetime
      #expect(try await accounts.principal(forToken: signedIn.token) == nil)
      #expect(try await storage.accounts.session(tokenHash: signedIn.principal.sessionID) == nil)
    }
  }

  @Test func sessionDiesAfterTheAbsoluteLifetimeEvenWhileUsed() async throws {
    try await withTempStorage { storage in
      let time = TestTime()
      let accounts = AccountService.forTests(storage, lifetime: lifetime, time: time)
      let signedIn = try await accounts.signUp(credentials, fromOwnMachine: true)
      for _ in 0..<4 {
        time.advance(by: 62)
        #expect(try await accounts.principal(forToken: signedIn.token) != nil)
      }
      time.advance(by: 2)  // 250 s after sign-in
      #expect(try await accounts.principal(forToken: signedIn.token) == nil)
    }
  }

  @Test func useIsRecordedAtMostOncePerTouchInterval() async throws {
    try await withTempStorage { storage in
      let time = TestTime()
      let accounts = AccountService.forTests(storage, lifetime: lifetime, time: time)
      let signedIn = try await accounts.signUp(credentials, fromOwnMachine: true)
      let signedInAt = Int64(time.now)
      time.advance(by: Double(lifetime.touchIntervalSeconds - 1))
      _ = try await accounts.principal(forToken: signedIn.token)
      #expect(try await lastSeen(signedIn, in: storage) == signedInAt)
      time.advance(by: 1)
      _ = try await accounts.principal(forToken: signedIn.token)
      #expect(try await lastSeen(signedIn, in: storage) == signedInAt + lifetime.touchIntervalSeconds)
    }
  }

  @Test func purgeRemovesDeadSessionsAndTheirGuests() async throws {
    try await withTempStorage { storage in
      let time = TestTime()
      let lifetime = SessionLifetime(idleSeconds: 100, absoluteSeconds: 250, guestIdleSeconds: 100)
      let accounts = AccountService.forTests(storage, lifetime: lifetime, time: time)
      let ann = try await accounts.signUp(credentials, fromOwnMachine: true)
      let guest = try await accounts.startGuestSession(from: .ipv4("10.0.0.1"))
      time.advance(by: 60)
      _ = try await accounts.principal(forToken: ann.token)  // Ann was seen at +60
      time.advance(by: 50)  // the guest idled 110 s, Ann 50 s
      #expect(try await accounts.purgeExpiredSessions() == 1)
      #expect(try await storage.accounts.guestSession(tokenHash: guest.principal.sessionID) == nil)
      #expect(try await accounts.principal(forToken: ann.token) != nil)
    }
  }

  private func lastSeen(_ signedIn: AccountService.SignedIn, in storage: any Storage) async throws -> Int64? {
    try await storage.accounts.session(tokenHash: signedIn.principal.sessionID)?.0.lastSeenAt
  }
}
