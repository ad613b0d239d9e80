/// Estimates the server's clock from the client's, NTP style (docs/sync.md: ping / pong).
///
/// Each pong gives one sample: the client's send and receive times and the server's time in
/// between. The sample with the smallest round trip bounds the offset best (NTP's minimum-delay
/// filter), so the estimate rests on the best samples of a sliding window. When the window spans
/// long enough, a line through the best sample of each sixth of it also gives the rate at which
/// the two clocks drift apart (a client clock 0.1 % fast gains 1 ms a second), and the estimate
/// is carried forward along it.
///
/// Pure: all times are passed in. Client times are seconds on any clock that never jumps (a
/// monotonic one); server times are seconds (the wire's milliseconds / 1000).
public struct ClockOffsetEstimator: Sendable {
  public struct Configuration: Sendable, Equatable {
    /// Samples older than this are dropped.
    public var window: Double = 60
    /// At most this many samples are kept (the oldest go first).
    public var maxSamples = 48
    /// Pings sent back to back (spaced by `burstSpacing`) when there is no estimate yet.
    public var burstSize = 6
    public var burstSpacing: Double = 0.05
    /// Pings after the burst, one every this many seconds.
    public var refreshInterval: Double = 2
    /// The drift rate is estimated once the kept samples span at least this long: over a
    /// shorter span the path's jitter makes up drift rates (one bad pong in the first seconds
    /// put a player 2 ms off, at the speakers), and a few seconds' drift of a real clock
    /// (≤ 0.2 ms at 100 ppm between pings) is less than that.
    public var minimumSpanForSkew: Double = 30
    /// Largest drift rate believed (real crystals are within a few hundred ppm).
    public var maxSkew: Double = 0.002
    /// Drift rate assumed for the uncertainty while it is not estimated.
    public var assumedSkew: Double = 0.0002

    public init() {}
  }

  /// One ping / pong exchange.
  public struct Sample: Sendable, Equatable {
    /// Client time when the ping left.
    public var sent: Double
    /// Server time in the pong.
    public var serverTime: Double
    /// Client time when the pong arrived.
    public var received: Double

    public init(sent: Double, serverTime: Double, received: Double) {
      self.sent = sent
      self.serverTime = serverTime
      self.received = received
    }

    public var roundTrip: Double { received - sent }
    /// Client time at which the server read its clock, assuming a symmetric path.
    public var midpoint: Double { sent + roundTrip / 2 }
    /// server − client at `midpoint`.
    public var offset: Double { serverTime - midpoint }
  }

  /// What the estimator believes: `server = client + offset(at: client)`.
  public struct Estimate: Sendable, Equatable {
    /// server − client at `reference` (client time).
    public var offset: Double
    public var reference: Double
    /// How fast server − client grows per second of client time.
    public var skew: Double
    /// Half the best round trip, plus what the drift may have added since.
    public var uncertainty: Double
    public var roundTrip: Double
    public var sampleCount: Int

    /// server − client at client time `time`.
    public func offset(at time: Double) -> Double { offset + skew * (time - reference) }

    /// The server's clock at client time `time`.
    public func serverTime(at time: Double) -> Double { time + offset(at: time) }
  }

  public let configuration: Configuration
  public private(set) var samples: [Sample] = []

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Adds the sample of one pong; a pong that cannot be (received before it was sent) is ignored.
  public mutating func record(_ sample: Sample) {
    guard sample.roundTrip >= 0, sample.sent.isFinite, sample.received.isFinite, sample.serverTime.isFinite else {
      return
    }
    samples.append(sample)
    samples.sort { $0.received < $1.received }
    prune(before: sample.received - configuration.window)
    if samples.count > configuration.maxSamples { samples.removeFirst(samples.count - configuration.maxSamples) }
  }

  public mutating func record(sent: Double, serverTime: Double, received: Double) {
    record(Sample(sent: sent, serverTime: serverTime, received: received))
  }

  /// Forgets everything, e.g. after reconnecting to another server.
  public mutating func reset() {
    samples = []
  }

  /// The estimate at client time `now`, nil before the first sample.
  public func estimate(at now: Double) -> Estimate? {
    let live = samples.filter { $0.received >= now - configuration.window }
    guard let best = Self.best(of: live) else { return nil }
    if let line = driftLine(live) {
      let age = abs(now - line.reference)
      return Estimate(
        offset: line.offset, reference: line.reference, skew: line.skew,
        uncertainty: line.roundTrip / 2 + configuration.assumedSkew / 4 * age, roundTrip: line.roundTrip,
        sampleCount: live.count)
    }
    // Too short a span for the drift: carry forward from the newest of the good samples (the
    // best one, unless a newer one's round trip is within 1 ms of it: it has drifted less since).
    let anchor = live.last { $0.roundTrip <= best.roundTrip + 0.001 } ?? best
    let age = abs(now - anchor.midpoint)
    return Estimate(
      offset: anchor.offset, reference: anchor.midpoint, skew: 0,
      uncertainty: anchor.roundTrip / 2 + configuration.assumedSkew * age, roundTrip: anchor.roundTrip,
      sampleCount: live.count)
  }

  /// Once the samples span long enough: the best sample of each of `driftBuckets` stretches of
  /// time, and the least-squares line of their offsets, which gives the drift rate and an
  /// offset that averages out the path asymmetry of single samples.
  private func driftLine(_ live: [Sample]) -> (offset: Double, reference: Double, skew: Double, roundTrip: Double)? {
    guard let first = live.first, let last = live.last else { return nil }
    let span = last.received - first.received
    guard span >= configuration.minimumSpanForSkew else { return nil }
    let bucketCount = 6
    var buckets = [[Sample]](repeating: [], count: bucketCount)
    for sample in live {
      let index = min(bucketCount - 1, Int((sample.received - first.received) / span * Double(bucketCount)))
      buckets[index].append(sample)
    }
    let points = buckets.compactMap { Self.best(of: $0) }
    guard points.count >= 3, let newest = points.last else { return nil }
    let line = LeastSquaresLine(points.map { (x: $0.midpoint, y: $0.offset) })
    guard line.isDetermined else { return nil }
    let skew = min(max(line.slope, -configuration.maxSkew), configuration.maxSkew)
    let reference = newest.midpoint
    let roundTrip = points.map(\.roundTrip).min() ?? newest.roundTrip
    return (line.meanY + skew * (reference - line.meanX), reference, skew, roundTrip)
  }

  /// Seconds from `lastPing` (client time of the previous ping, nil if none) until the next ping
  /// is due: quick pings until a burst's worth of samples is in, then one per refresh interval.
  public func delayUntilNextPing(now: Double, lastPing: Double?) -> Double {
    guard let lastPing else { return 0 }
    let recent = samples.filter { $0.received >= now - configuration.window }.count
    let interval = recent < configuration.burstSize ? configuration.burstSpacing : configuration.refreshInterval
    return max(0, lastPing + interval - now)
  }

  private mutating func prune(before time: Double) {
    samples.removeAll { $0.received < time }
  }

  /// The sample with the smallest round trip; among equals, the newest.
  static func best(of samples: [Sample]) -> Sample? {
    samples.reduce(nil) { best, sample in
      guard let best else { return sample }
      return sample.roundTrip <= best.roundTrip ? sample : best
    }
  }
}
