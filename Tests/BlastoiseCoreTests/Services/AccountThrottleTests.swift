import BlastoiseCore
import BlastoiseProtocol
import Testing

/// The sign-in throttle as the service applies it, with an injected `now`.
@Suite struct AccountThrottleTests {
  var throttle: LoginThrottle.Limits {
    var limits = LoginThrottle.Limits()
    limits.perAddressAndAccount = 3
    limits.perAddress = 10
    limits.windowSeconds = 60
    return limits
  }

  let right = Credentials(username: "Ann", password: "password-1")
  let wrong = Credentials(username: "Ann", password: "password-2")

  @Test func repeatedFailuresWaitEvenWithTheRightPassword() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, throttle: throttle)
      _ = try await accounts.signUp(right, fromOwnMachine: true)
      for _ in 0..<3 {
        await #expect(throws: CoreError.self) { try await accounts.logIn(wrong, from: .ipv4("10.0.0.9")) }
      }
      let error = await #expect(throws: CoreError.self) { try await accounts.logIn(right, from: .ipv4("10.0.0.9")) }
      #expect(error?.code == .rateLimited(retryAfterSeconds: 60))
    }
  }

  @Test func anotherAddressIsNotLockedOut() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, throttle: throttle)
      _ = try await accounts.signUp(right, fromOwnMachine: true)
      for _ in 0..<3 {
        await #expect(throws: CoreError.self) { try await accounts.logIn(wrong, from: .ipv4("6.6.6.6")) }
      }
      #expect(try await accounts.logIn(right, from: .ipv4("10.0.0.1")).principal.username == "Ann")
    }
  }

  @Test func throttleEndsWhenTheWindowPasses() async throws {
    try await withTempStorage { storage in
      let time = TestTime()
      let accounts = AccountService.forTests(storage, throttle: throttle, time: time)
      _ = try await accounts.signUp(right, fromOwnMachine: true)
      for _ in 0..<3 {
        await #expect(throws: CoreError.self) { try await accounts.logIn(wrong, from: .ipv4("10.0.0.9")) }
      }
      time.advance(by: 61)
      #expect(try await accounts.logIn(right, from: .ipv4("10.0.0.9")).principal.username == "Ann")
    }
  }

  @Test func successClearsTheAccountsFailures() async throws {
    try await withTempStorage { storage in
      let accounts = AccountService.forTests(storage, throttle: throttle)
      _ = try await accounts.signUp(right, fromOwnMachine: true)
      for _ in 0..<2 {
        await #expect(throws: CoreError.self) { try await accounts.logIn(wrong, from: .ipv4("10.0.0.9")) }
      }
      _ = try await accounts.logIn(right, from: .ipv4("10.0.0.9"))
      for _ in 0..<2 {
        await #expect(throws: CoreError.self) { try await accounts.logIn(wrong, from: .ipv4("10.0.0.9")) }
      }
      #expect(try await accounts.logIn(right, from: .ipv4("10.0.0.9")).principal.username == "Ann")
    }
  }
}
