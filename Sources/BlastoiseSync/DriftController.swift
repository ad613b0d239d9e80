/// Keeps a local player on the room's timeline: given where the player is and where the room
/// says it should be, answers nothing, a small change of playback rate, or a seek.
///
/// - Large errors (at least `seekThreshold`, seen `seekConfirmations` times in a row) are fixed by
///   seeking; then nothing is decided for `settleTime`, and how far the player landed from the
///   target teaches `seekLead` (players that take a while to start again land behind).
/// - Smaller errors are fixed by nudging the rate: a PI controller on the smoothed error,
///   bounded by `maxNudge`; the integral only runs on small errors, so the big error after a
///   seek does not wind it up.
/// - Hysteresis: nudging starts above the start threshold and stops only after the error stayed
///   below the stop threshold for `stopConfirmations` samples. Both follow the readings' noise
///   (how much one reading differs from the last): clean readings (mpv's, ~0.1 ms) are held
///   within half a millisecond, noisy ones are not chased.
/// - In step, the player's own drift (a sound card 0.1 % fast) shows as a slope of the error.
///   Every `driftWindow` seconds in step, the slope fitted over that window corrects `trim`, the
///   rate offset played at, so the error stays put instead of wandering out to be nudged back;
///   and a tiny `pull` draws what is left of the error to zero (a phase- and frequency-locked
///   loop, far slower than the nudges).
///
/// With the default gains the loop is overdamped even with half a second between a rate change
/// and its effect (mpv's audio buffer), so it settles without swinging back and forth.
///
/// Pure: the caller passes the time (seconds, any monotonic clock) and applies the actions.
public struct DriftController: Sendable {
  public struct Configuration: Sendable, Equatable {
    public var seekThreshold: Double = 0.15
    public var seekConfirmations = 2
    public var settleTime: Double = 0.3
    /// The least error that starts a nudge…
    public var startThreshold: Double = 0.0005
    /// …or this many times the readings' noise, when more.
    public var noiseMargin: Double = 2
    /// Nudging stops below this share of the start threshold.
    public var stopShare: Double = 0.35
    /// Weight of a new step in the noise estimate; steps count up to `noiseCeiling`.
    public var noiseSmoothing: Double = 0.05
    public var noiseCeiling: Double = 0.002
    public var stopConfirmations = 3
    /// Rate change per second of error.
    public var proportionalGain: Double = 0.8
    /// Trim change per second of error, per second.
    public var integralGain: Double = 0.1
    public var maxNudge: Double = 0.02
    public var maxTrim: Double = 0.005
    /// Rate changes smaller than this are not sent to the player.
    public var rateStep: Double = 0.00005
    /// Weight of a new error sample in the smoothed error (1 = no smoothing). Samples are first
    /// passed through a median of three, so one late or garbled reading moves nothing.
    public var smoothing: Double = 0.5
    public var maxSeekLead: Double = 0.5
    /// Longest gap between samples that still counts for the integral.
    public var maxSampleGap: Double = 0.5
    /// The integral only runs on errors smaller than this (anti-windup).
    public var integralLimit: Double = 0.004
    /// How long after a rate change the player is assumed to play at it.
    public var rateLatency: Double = 0.5
    /// Span of error samples in step over which the drift is fitted.
    public var driftWindow: Double = 4
    /// Share of the fitted drift corrected at once.
    public var driftGain: Double = 0.8
    /// In step, the error left at the end of a drift window is drawn to zero over this long…
    public var pullTime: Double = 8
    /// …by a rate offset of at most this much.
    public var maxPull: Double = 0.0005

    public init() {}
  }

  public enum Action: Sendable, Equatable {
    case none
    case setRate(Double)
    /// Seek to `position`, and play at `rate` from there.
    case seek(to: Double, rate: Double)
  }

  public enum Phase: Sendable, Equatable {
    /// In step: the rate is `1 + trim`.
    case idle
    /// Nudging the rate.
    case correcting
    /// A seek was made; samples before `until` are ignored.
    case settling(until: Double)
  }

  public let configuration: Configuration
  public private(set) var phase: Phase = .idle
  /// Learned rate offset that cancels the player's own drift.
  public private(set) var trim: Double = 0
  /// The rate last asked of the player.
  public private(set) var rate: Double = 1
  /// Learned: added to a seek's target because the player lands behind it.
  public private(set) var seekLead: Double = 0
  public private(set) var smoothedError: Double?
  /// How much one reading's error differs from the last, on average: the readings' noise.
  public private(set) var readingNoise: Double?
  public private(set) var seekCount = 0
  private var overSeekThreshold = 0
  private var belowStop = 0
  /// The last raw errors, for the median of three.
  private var recentErrors: [Double] = []
  private var lastSample: Double?
  /// Errors seen in step since `idleSince` + `rateLatency`, for the drift fit.
  private var idleErrors: [(time: Double, error: Double)] = []
  private var idleSince: Double?
  /// In step: a rate offset too small to hear that draws the remaining error to zero over
  /// `pullTime`; it is not drift, so the drift fit subtracts it.
  public private(set) var pull: Double = 0

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// One observation: the player is at `actual` seconds into the track when the room says
  /// `expected`, at time `now`. Positive error means the player is ahead.
  public mutating func update(expected: Double, actual: Double, at now: Double) -> Action {
    let error = actual - expected
    let gap = lastSample.map { min(max(now - $0, 0), configuration.maxSampleGap) } ?? 0
    lastSample = now
    if case .settling(let until) = phase {
      guard now >= until else { return .none }
      // How far the player landed from the target teaches the lead (a wild error is not
      // about landing: the room moved meanwhile).
      if abs(error) < 2 * configuration.maxSeekLead {
        seekLead = min(max(seekLead - 0.7 * error, 0), configuration.maxSeekLead)
      }
      phase = .idle
      smoothedError = nil
    }

    guard abs(error) < configuration.seekThreshold else {
      overSeekThreshold += 1
      guard overSeekThreshold >= configuration.seekConfirmations else { return .none }
      return seek(to: expected, at: now)
    }
    overSeekThreshold = 0
    if let previous = recentErrors.last {
      let step = min(abs(error - previous), configuration.noiseCeiling)
      readingNoise = readingNoise.map { $0 + configuration.noiseSmoothing * (step - $0) } ?? step
    }
    recentErrors.append(error)
    if recentErrors.count > 3 { recentErrors.removeFirst() }
    let filtered = recentErrors.count == 3 ? recentErrors.sorted()[1] : error
    let smoothed = smoothedError.map { $0 + configuration.smoothing * (filtered - $0) } ?? filtered
    smoothedError = smoothed

    if phase == .idle {
      guard abs(smoothed) > startThreshold else { return inStep(error: smoothed, at: now) }
      // Wandered out of step: what was seen so far of the drift still counts.
      if let first = idleErrors.first, now - first.time >= configuration.driftWindow / 2, idleErrors.count >= 8 {
        correctTrim(bySlope: Self.fit(idleErrors).slope)
      }
      idleErrors.removeAll(keepingCapacity: true)
      pull = 0
      phase = .correcting
      belowStop = 0
    }
    if abs(smoothed) < configuration.integralLimit {
      trim -= configuration.integralGain * smoothed * gap
      trim = min(max(trim, -configuration.maxTrim), configuration.maxTrim)
    }
    belowStop = abs(smoothed) < configuration.stopShare * startThreshold ? belowStop + 1 : 0
    if belowStop >= configuration.stopConfirmations {
      phase = .idle
      startDriftWindow(at: now)
      return request(rate: 1 + trim, always: true)
    }
    let nudge = min(max(-configuration.proportionalGain * smoothed, -configuration.maxNudge), configuration.maxNudge)
    return request(rate: 1 + trim + nudge)
  }

  /// An error above this starts a nudge: the configured least, or the readings' noise times
  /// the margin.
  public var startThreshold: Double {
    max(configuration.startThreshold, configuration.noiseMargin * (readingNoise ?? 0))
  }

  /// The caller moved the player itself (a new track, a resume): wait for it to settle, and
  /// play at the drift-cancelling rate meanwhile. Returns the rate to apply.
  @discardableResult
  public mutating func playerRepositioned(at now: Double) -> Double {
    phase = .settling(until: now + configuration.settleTime)
    forgetError()
    rate = 1 + trim
    return rate
  }

  /// The room paused or the track went away: forget the error, keep what was learned.
  public mutating func stop() {
    phase = .idle
    forgetError()
  }

  private mutating func forgetError() {
    overSeekThreshold = 0
    recentErrors.removeAll()
    belowStop = 0
    smoothedError = nil
    lastSample = nil
    idleSince = nil
    idleErrors.removeAll()
    pull = 0
  }

  /// In step: collect the error for the drift fit; once the window is full, correct the trim by
  /// the fitted slope less the pull that was applied, and pull the error left towards zero.
  private mutating func inStep(error: Double, at now: Double) -> Action {
    guard let since = idleSince else {
      startDriftWindow(at: now)
      return request(rate: 1 + trim + pull, always: true)
    }
    guard now >= since + configuration.rateLatency else { return .none }
    idleErrors.append((now, error))
    guard let first = idleErrors.first, now - first.time >= configuration.driftWindow, idleErrors.count >= 8 else {
      return .none
    }
    let line = Self.fit(idleErrors)
    correctTrim(bySlope: line.slope - pull)
    let remaining = line.value(at: now)
    pull = min(max(-remaining / configuration.pullTime, -configuration.maxPull), configuration.maxPull)
    startDriftWindow(at: now)
    return request(rate: 1 + trim + pull, always: true)
  }

  private mutating func correctTrim(bySlope slope: Double) {
    trim = min(max(trim - configuration.driftGain * slope, -configuration.maxTrim), configuration.maxTrim)
  }

  private mutating func startDriftWindow(at now: Double) {
    idleSince = now
    idleErrors.removeAll(keepingCapacity: true)
  }

  /// Least-squares line through error over time.
  private static func fit(_ points: [(time: Double, error: Double)]) -> LeastSquaresLine {
    LeastSquaresLine(points.map { (x: $0.time, y: $0.error) })
  }

  private mutating func seek(to expected: Double, at now: Double) -> Action {
    seekCount += 1
    phase = .settling(until: now + configuration.settleTime)
    forgetError()
    rate = 1 + trim
    return .seek(to: expected + seekLead, rate: rate)
  }

  /// Asks for `wanted` when it differs enough from the current rate to matter (or at all, when
  /// `always`: the in-step rates change rarely and by tiny amounts).
  private mutating func request(rate wanted: Double, always: Bool = false) -> Action {
    guard wanted != rate, always || abs(wanted - rate) >= configuration.rateStep else { return .none }
    rate = wanted
    return .setRate(wanted)
  }
}
