import Testing

/// The test clock itself: sleepers wake when time is moved, not before.
@Suite struct ManualClockTests {
  @Test func sleeperWakesOnlyWhenTimeReachesItsDeadline() async throws {
    let clock = ManualClock(now: 100)
    let sleeper = Task { try await clock.sleep(until: 110) }
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 9)
    #expect(clock.sleeperCount == 1)
    clock.advance(by: 1)
    try await sleeper.value
    #expect(clock.now() == 110)
  }

  @Test func deadlineInThePastReturnsAtOnce() async throws {
    let clock = ManualClock(now: 100)
    try await clock.sleep(until: 50)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelledSleeperThrows() async throws {
    let clock = ManualClock(now: 100)
    let sleeper = Task { try await clock.sleep(until: 1_000) }
    while clock.sleeperCount == 0 { await Task.yield() }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }
}
