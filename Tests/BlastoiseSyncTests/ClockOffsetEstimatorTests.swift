import Foundation
import Testing

@testable import BlastoiseSync

@Suite struct ClockOffsetEstimatorTests {
  @Test func oneSampleGivesTheMidpointOffsetAndHalfTheRoundTrip() throws {
    var estimator = ClockOffsetEstimator()
    estimator.record(sent: 100, serverTime: 1_000_000.010, received: 100.020)
    let estimate = try #require(estimator.estimate(at: 100.020))
    #expect(abs(estimate.offset(at: 100.010) - 999_900) < 1e-9)
    #expect(abs(estimate.uncertainty - 0.010) < 1e-5)
    #expect(abs(estimate.serverTime(at: 101.010) - 1_000_001.010) < 1e-6)
  }

  @Test func noEstimateBeforeAnySample() {
    #expect(ClockOffsetEstimator().estimate(at: 5) == nil)
  }

  @Test func theSmallestRoundTripWinsOverSlowAsymmetricOnes() throws {
    // True offset 500 s. Slow samples are asymmetric (long way out, short way back), which
    // would bias the offset by up to half their round trip.
    var estimator = ClockOffsetEstimator()
    let trueOffset = 500.0
    for (index, (out, back)) in [(0.030, 0.001), (0.012, 0.002), (0.0004, 0.0004), (0.020, 0.0005)].enumerated() {
      let sent = Double(index) * 0.05
      estimator.record(sent: sent, serverTime: sent + out + trueOffset, received: sent + out + back)
    }
    let estimate = try #require(estimator.estimate(at: 0.2))
    #expect(abs(estimate.offset(at: 0.2) - trueOffset) < 0.0005)
    #expect(abs(estimate.roundTrip - 0.0008) < 1e-9)
  }

  @Test func slowPongsWhileStartingMakeUpNoDrift() throws {
    // The same clocks (true offset 500 s, no drift). The first seconds' pongs are slow and
    // asymmetric (a player starting up), the rest quick; a drift line through the first
    // bucket's best would carry the estimate off by a millisecond and more.
    var estimator = ClockOffsetEstimator()
    var sent = 0.0
    while sent < 24 {
      let (out, back) = sent < 3 ? (0.004, 0.0002) : (0.0002, 0.0002)
      estimator.record(sent: sent, serverTime: sent + out + 500, received: sent + out + back)
      sent += sent < 0.3 ? 0.05 : 2
      let estimate = try #require(estimator.estimate(at: sent))
      if sent > 6 {  // after the first quick pong
        #expect(abs(estimate.serverTime(at: sent) - sent - 500) < 0.0002, "at \(sent)")
        #expect(estimate.skew == 0)
      }
    }
  }

  @Test func aFastClientClockIsFollowedThroughItsSkew() throws {
    // The client's clock runs 0.1 % fast: client = 1.001 × server − 2000. Pings every 2 s with
    // jittery, asymmetric delays; server times come in whole milliseconds as on the wire.
    var estimator = ClockOffsetEstimator()
    var random = SplitMix64(state: 7)
    func client(_ server: Double) -> Double { 1.001 * server - 2000 }
    var server = 10_000.0
    while server < 10_060 {
      let out = 0.0002 + random.exponential(mean: 0.002)
      let back = 0.0002 + random.exponential(mean: 0.002)
      let stamp = ((server + out) * 1000).rounded() / 1000
      estimator.record(sent: client(server), serverTime: stamp, received: client(server + out + back))
      server += 2
    }
    for probe in [10_060.0, 10_063.0, 10_070.0] {
      let estimate = try #require(estimator.estimate(at: client(probe)))
      #expect(abs(estimate.serverTime(at: client(probe)) - probe) < 0.0015, "at \(probe)")
      #expect(abs(estimate.skew - (1 / 1.001 - 1)) < 0.0002)
    }
  }

  @Test func samplesOlderThanTheWindowAreForgotten() throws {
    var configuration = ClockOffsetEstimator.Configuration()
    configuration.window = 10
    var estimator = ClockOffsetEstimator(configuration: configuration)
    estimator.record(sent: 0, serverTime: 100, received: 0.001)  // excellent, but old
    estimator.record(sent: 20, serverTime: 130.005, received: 20.010)
    #expect(estimator.samples.count == 1)
    let estimate = try #require(estimator.estimate(at: 20.010))
    #expect(abs(estimate.offset(at: 20.005) - 110) < 1e-9)
  }

  @Test func aPongReceivedBeforeItsPingIsIgnored() {
    var estimator = ClockOffsetEstimator()
    estimator.record(sent: 10, serverTime: 50, received: 9)
    #expect(estimator.samples.isEmpty)
  }

  @Test func pingsComeInABurstThenEveryRefreshInterval() {
    var estimator = ClockOffsetEstimator()
    #expect(estimator.delayUntilNextPing(now: 0, lastPing: nil) == 0)
    #expect(abs(estimator.delayUntilNextPing(now: 0, lastPing: 0) - 0.05) < 1e-9)
    for index in 0..<6 {
      let sent = Double(index) * 0.05
      estimator.record(sent: sent, serverTime: 1000 + sent, received: sent + 0.001)
    }
    #expect(abs(estimator.delayUntilNextPing(now: 0.3, lastPing: 0.25) - 1.95) < 1e-9)
  }

  @Test func uncertaintyGrowsWithTheAgeOfTheBestSample() throws {
    var estimator = ClockOffsetEstimator()
    estimator.record(sent: 0, serverTime: 10, received: 0.002)
    let fresh = try #require(estimator.estimate(at: 0.002)).uncertainty
    let later = try #require(estimator.estimate(at: 30)).uncertainty
    #expect(later > fresh)
  }
}

/// Draws for the simulated networks and players.
extension SplitMix64 {
  mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

  mutating func exponential(mean: Double) -> Double {
    -mean * Foundation.log(max(1e-12, Double.random(in: 0..<1, using: &self)))
  }

  /// A standard normal draw (Box–Muller).
  mutating func normal() -> Double {
    let u = max(1e-12, Double.random(in: 0..<1, using: &self))
    let v = Double.random(in: 0..<1, using: &self)
    return (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)
  }
}
