import Testing

@testable import BlastoiseSync

@Suite struct DriftControllerTests {
  @Test func aSmallErrorIsDrawnAwayWithoutANudge() {
    // 0.3 ms ahead: in step, the lock slows the player by a rate too small to hear.
    var controller = DriftController()
    var changes = 0
    for step in 0..<20 {
      let now = Double(step) * 0.1
      if controller.update(expected: 10 + now, actual: 10 + now + 0.0003, at: now) != .none { changes += 1 }
    }
    #expect(controller.phase == .idle)
    #expect(controller.rate < 1 && controller.rate > 1 - controller.configuration.maxPull, "\(controller.rate)")
    #expect(changes <= 4, "at most one change per lock interval: \(changes)")
  }

  @Test func withCleanReadingsAMillisecondIsDrawnAway() {
    var controller = DriftController()
    guard case .setRate(let rate) = controller.update(expected: 10, actual: 10.001, at: 0) else {
      Issue.record("expected a rate change")
      return
    }
    #expect(rate < 1 && rate > 0.999, "a gentle slow-down: \(rate)")
  }

  @Test func noisyReadingsWidenTheDeadbandAndAreNotChased() {
    // Readings that differ by up to ±1.5 ms from one to the next around a 1 ms error: the start
    // threshold widens past their noise, and the rate stays within 0.3 % of 1 (5 cents, under
    // what an ear tells apart).
    var controller = DriftController()
    var random = SplitMix64(state: 5)
    var widest = 0.0
    for step in 0..<300 {
      let now = Double(step) * 0.1
      let reading = 10 + now + 0.001 + random.uniform(-0.0015...0.0015)
      _ = controller.update(expected: 10 + now, actual: reading, at: now)
      if now >= 5 { widest = max(widest, abs(controller.rate - 1)) }
    }
    #expect(controller.startThreshold > 0.0015, "\(controller.startThreshold)")
    #expect(widest < 0.003, "the rate went \(widest) off 1 chasing noise")
  }

  @Test func oneLateReadingMovesNothing() {
    // A reading stamped 8 ms late (the reading thread woke up late) among good ones.
    var controller = DriftController()
    for step in 0..<30 {
      let now = Double(step) * 0.1
      let late = step == 15 ? -0.008 : 0
      #expect(controller.update(expected: 10 + now, actual: 10 + now + late, at: now) == .none, "step \(step)")
    }
    #expect(controller.phase == .idle)
  }

  @Test func aLargeErrorSeeksOnlyWhenSeenTwice() {
    var controller = DriftController()
    #expect(controller.update(expected: 30, actual: 12, at: 0) == .none)
    #expect(controller.update(expected: 30.1, actual: 12.1, at: 0.1) == .seek(to: 30.1, rate: 1))
    #expect(controller.seekCount == 1)
    // Nothing is decided while the player settles.
    #expect(controller.update(expected: 30.2, actual: 12.2, at: 0.2) == .none)
  }

  @Test func oneGlitchedReadingDoesNotSeek() {
    var controller = DriftController()
    #expect(controller.update(expected: 30, actual: 31, at: 0) == .none)
    #expect(controller.update(expected: 30.1, actual: 30.1, at: 0.1) == .none)
    #expect(controller.update(expected: 30.2, actual: 31.2, at: 0.2) == .none)
    #expect(controller.seekCount == 0)
  }

  @Test func aModerateErrorIsNudgedWithinBounds() throws {
    var controller = DriftController()
    // 60 ms ahead: slow down, but never by more than maxNudge.
    guard case .setRate(let rate) = controller.update(expected: 10, actual: 10.06, at: 0) else {
      Issue.record("expected a rate change")
      return
    }
    #expect(rate < 1)
    #expect(rate >= 1 - controller.configuration.maxNudge)
    #expect(controller.phase == .correcting)
    // 50 ms behind for a while: speed up.
    for step in 1...5 { _ = controller.update(expected: 20, actual: 19.95, at: 0.1 * Double(step)) }
    let faster = controller.rate
    #expect(faster > 1)
    #expect(faster <= 1 + controller.configuration.maxNudge + controller.configuration.maxTrim)
  }

  @Test func nudgingStopsOnlyAfterTheErrorStaysSmall() {
    var controller = DriftController()
    _ = controller.update(expected: 10, actual: 10.01, at: 0)
    #expect(controller.phase == .correcting)
    var now = 0.0
    // Between the stop and start thresholds: keep correcting (hysteresis).
    for _ in 0..<10 {
      now += 0.1
      _ = controller.update(expected: 10 + now, actual: 10 + now + 0.002, at: now)
    }
    #expect(controller.phase == .correcting)
    for _ in 0..<10 {
      now += 0.1
      _ = controller.update(expected: 10 + now, actual: 10 + now, at: now)
    }
    #expect(controller.phase == .idle)
    #expect(abs(controller.rate - (1 + controller.trim)) < controller.configuration.rateStep)
  }

  @Test func theSeekLeadLearnsHowFarBehindThePlayerLands() {
    var controller = DriftController()
    _ = controller.update(expected: 50, actual: 0, at: 0)
    _ = controller.update(expected: 50.1, actual: 0, at: 0.1)
    // The player landed 80 ms behind the target.
    _ = controller.update(expected: 50.5, actual: 50.42, at: 0.5)
    #expect(abs(controller.seekLead - 0.056) < 1e-9)
  }

  /// Each way of moving the player teaches its own lead: a start from a parked position lands
  /// by how long the output takes to start, a seek while playing by far more; going on to the
  /// next file by itself, or a start told late, teaches nothing.
  @Test func aLandingTeachesTheLeadOfWhatMovedThePlayer() {
    var controller = DriftController()
    controller.playerRepositioned(at: 0, landing: .start)
    _ = controller.update(expected: 10.5, actual: 10.49, at: 0.5)  // started 10 ms late
    #expect(abs(controller.startLead - 0.007) < 1e-9)
    #expect(controller.seekLead == 0)
    controller.playerRepositioned(at: 1, landing: .seek)
    _ = controller.update(expected: 11.5, actual: 11.42, at: 1.5)
    #expect(abs(controller.seekLead - 0.056) < 1e-9)
    #expect(abs(controller.startLead - 0.007) < 1e-9)
    for (at, landing) in [(2.0, DriftController.Landing.other), (3.0, .restart)] {
      controller.playerRepositioned(at: at, landing: landing)
      _ = controller.update(expected: 10.5 + at, actual: 10.45 + at, at: at + 0.5)
      #expect(abs(controller.seekLead - 0.056) < 1e-9)
      #expect(abs(controller.startLead - 0.007) < 1e-9)
    }
  }

  /// Once the readings warmed up after a landing, an error of a millisecond is nudged away (it
  /// is where the player landed, not a reading's wander); in step the same error is left to the
  /// slow lock.
  @Test func aLandingsMillisecondIsNudgedAwayOnceTheReadingsWarmedUp() {
    var landed = DriftController()
    landed.playerRepositioned(at: 0, landing: .start)
    var now = 0.5
    while now < 0.5 + landed.configuration.warmUp {
      _ = landed.update(expected: 10 + now, actual: 10 + now + 0.001, at: now)
      #expect(landed.phase == .idle)
      #expect(landed.rate == 1)
      now += 0.1
    }
    _ = landed.update(expected: 10 + now, actual: 10 + now + 0.001, at: now)
    #expect(landed.phase == .correcting)
    #expect(landed.rate < 1)

    var inStep = DriftController()
    for step in 0..<20 {
      let now = Double(step) * 0.1
      _ = inStep.update(expected: 10 + now, actual: 10 + now + (step < 10 ? 0 : 0.001), at: now)
    }
    #expect(inStep.phase == .idle)
  }

  @Test func repositioningSettlesAndKeepsTheLearnedTrim() {
    var controller = DriftController()
    var now = 0.0
    for _ in 0..<100 {  // A player 0.01 % fast teaches a negative trim.
      now += 0.1
      _ = controller.update(expected: now, actual: now * 1.0001, at: now)
    }
    let trim = controller.trim
    #expect(trim < 0)
    #expect(controller.playerRepositioned(at: now, landing: .seek) == 1 + trim)
    #expect(controller.update(expected: 100, actual: 90, at: now + 0.1) == .none)
    controller.stop()
    #expect(controller.trim == trim)
  }
}
