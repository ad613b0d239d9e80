import Testing

@testable import BlastoiseCore

/// Callers whose credentials were just checked are known for a while, then checked again; all
/// are forgotten at once when an app password is revoked.
@Suite struct VerifiedCallersTests {
  let ann = Principal(userID: 1, username: "ann", role: .user, sessionID: "app:a1")

  @Test func aCallerIsKnownForItsLifetimeThenCheckedAgain() {
    let callers = VerifiedCallers()
    #expect(callers.principal("k", now: 100) == nil)
    callers.remember(ann, as: "k", now: 100)
    #expect(callers.principal("k", now: 100 + VerifiedCallers.lifetime - 0.5) == ann)
    #expect(callers.principal("other", now: 101) == nil)
    #expect(callers.principal("k", now: 100 + VerifiedCallers.lifetime) == nil)
    #expect(callers.principal("k", now: 101) == nil, "an expired caller is gone, not kept for an earlier clock")
  }

  @Test func forgettingAllForgetsEveryone() {
    let callers = VerifiedCallers()
    callers.remember(ann, as: "k1", now: 0)
    callers.remember(ann, as: "k2", now: 0)
    callers.forgetAll()
    #expect(callers.principal("k1", now: 1) == nil && callers.principal("k2", now: 1) == nil)
  }

  @Test func aFullCacheMakesRoomRatherThanGrowing() {
    let callers = VerifiedCallers()
    for index in 0..<VerifiedCallers.capacity { callers.remember(ann, as: "k\(index)", now: 0) }
    callers.remember(ann, as: "new", now: 1)
    #expect(callers.principal("new", now: 1) == ann)
  }
}
