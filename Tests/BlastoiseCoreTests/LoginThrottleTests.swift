import Testing

@testable import BlastoiseCore

/// The throttle's rule over a real store (SQLite; `SignInFailureStoreContract` runs the store on
/// both backends).
@Suite struct LoginThrottleTests {
  var limits: LoginThrottle.Limits {
    var limits = LoginThrottle.Limits()
    limits.perAddress = 10
    limits.perAddressAndAccount = 3
    limits.windowSeconds = 60
    return limits
  }

  @Test func fourthFailureForOneAccountFromOneAddressWaits() async throws {
    try await withTempStorage { storage in
      let throttle = LoginThrottle(store: storage.signInFailures, limits: limits)
      for second in 0..<3 {
        #expect(try await throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: Double(second)) == nil)
        try await throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: Double(second))
      }
      #expect(try await throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 3) == 57)
    }
  }

  @Test func attackerElsewhereDoesNotLockTheOwnerOut() async throws {
    try await withTempStorage { storage in
      let throttle = LoginThrottle(store: storage.signInFailures, limits: limits)
      for second in 0..<50 {
        try await throttle.recordFailure(address: "6.6.6.\(second)", usernameKey: "ann", now: Double(second))
      }
      #expect(try await throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 50) == nil)
    }
  }

  @Test func oneAddressIsLimitedAcrossAccounts() async throws {
    try await withTempStorage { storage in
      let throttle = LoginThrottle(store: storage.signInFailures, limits: limits)
      for index in 0..<10 {
        try await throttle.recordFailure(address: "6.6.6.6", usernameKey: "user\(index)", now: 0)
      }
      #expect(try await throttle.retryAfter(address: "6.6.6.6", usernameKey: "fresh", now: 1) != nil)
    }
  }

  @Test func failuresAgeOutOfTheWindowAndAreForgotten() async throws {
    try await withTempStorage { storage in
      let throttle = LoginThrottle(store: storage.signInFailures, limits: limits)
      for _ in 0..<3 { try await throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 0) }
      try await throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 30)
      #expect(try await throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 61) == nil)
      // Four failures under two keys each; those at 0 s have left the window at 61 s.
      #expect(try await throttle.forgetOld(now: 61) == 6)
      #expect(try await throttle.forgetOld(now: 61) == 0)
    }
  }

  @Test func successClearsThePair() async throws {
    try await withTempStorage { storage in
      let throttle = LoginThrottle(store: storage.signInFailures, limits: limits)
      for _ in 0..<2 { try await throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 0) }
      try await throttle.recordSuccess(address: "1.1.1.1", usernameKey: "ann")
      try await throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 1)
      #expect(try await throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 2) == nil)
    }
  }

  /// The wait is the longest of the keys at their limit, rounded up, and at least a second.
  @Test func theWaitIsTheLongestOfTheKeysAtTheirLimit() {
    let counted = [
      (failures: SignInFailures(count: 3, oldest: 10_000), limit: 3),
      (failures: SignInFailures(count: 9, oldest: 5_000), limit: 10),
    ]
    #expect(LoginThrottle.wait(counted, windowSeconds: 60, now: 20.5) == 50)
    #expect(LoginThrottle.wait([(SignInFailures(count: 3, oldest: 10_000), 3)], windowSeconds: 60, now: 69.99) == 1)
    #expect(LoginThrottle.wait([(SignInFailures(count: 0, oldest: nil), 0)], windowSeconds: 60, now: 0) == nil)
  }
}
