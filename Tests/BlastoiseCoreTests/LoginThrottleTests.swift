import Testing

@testable import BlastoiseCore

@Suite struct LoginThrottleTests {
  var limits: LoginThrottle.Limits {
    var limits = LoginThrottle.Limits()
    limits.perAddress = 10
    limits.perAddressAndAccount = 3
    limits.windowSeconds = 60
    return limits
  }

  @Test func fourthFailureForOneAccountFromOneAddressWaits() {
    var throttle = LoginThrottle(limits: limits)
    for second in 0..<3 {
      #expect(throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: Double(second)) == nil)
      throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: Double(second))
    }
    #expect(throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 3) == 57)
  }

  @Test func attackerElsewhereDoesNotLockTheOwnerOut() {
    var throttle = LoginThrottle(limits: limits)
    for second in 0..<50 {
      throttle.recordFailure(address: "6.6.6.\(second)", usernameKey: "ann", now: Double(second))
    }
    #expect(throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 50) == nil)
  }

  @Test func oneAddressIsLimitedAcrossAccounts() {
    var throttle = LoginThrottle(limits: limits)
    for index in 0..<10 {
      throttle.recordFailure(address: "6.6.6.6", usernameKey: "user\(index)", now: 0)
    }
    #expect(throttle.retryAfter(address: "6.6.6.6", usernameKey: "fresh", now: 1) != nil)
  }

  @Test func failuresAgeOutOfTheWindow() {
    var throttle = LoginThrottle(limits: limits)
    for _ in 0..<3 { throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 0) }
    #expect(throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 61) == nil)
  }

  @Test func successClearsThePair() {
    var throttle = LoginThrottle(limits: limits)
    for _ in 0..<2 { throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 0) }
    throttle.recordSuccess(address: "1.1.1.1", usernameKey: "ann")
    throttle.recordFailure(address: "1.1.1.1", usernameKey: "ann", now: 1)
    #expect(throttle.retryAfter(address: "1.1.1.1", usernameKey: "ann", now: 2) == nil)
  }
}
