/// Keeps a local player on the room's timeline: given where the player is and where the room
/// says it should be, answers nothing, a small change of playback rate, or a seek.
///
/// - Large errors (at least `seekThreshold`, seen `seekConfirmations` times in a row) are fixed by
///   seeking; then nothing is decided for `settleTime`, and how far the player landed from the
///   target teaches `seekLead` (players that take a while to start again land behind) — or,
///   after a start from a parked position, `startLead`. For `warmUp` after such a start the
///   readings are not yet to be trusted to a millisecond (below): only errors over the start
///   threshold are nudged; then what is left of the landing is nudged away down to the stop
///   threshold, not left to the slow lock.
/// - Errors over the start threshold are nudged away by the rate (proportional to the smoothed
///   error, within `maxNudge`), until the error stayed below the stop threshold for
///   `stopConfirmations` samples; meanwhile an error that stays (the nudge holding against the
///   player's drift) teaches the trim (an integral). The
///   start threshold follows the readings' noise (how much one reading differs from the last),
///   so noisy readings are not chased.
/// - In step, the player is *locked*: its own drift (a sound card 0.1 % fast) is learned as
///   `trim`, the slope of the error with the rate changes asked taken out, fitted over the last
///   `driftWindow` seconds; and what is left of the error, slowly averaged (`lockSmoothing`), is
///   drawn to zero over `pullTime` by a rate offset too small to hear (`pull`, within
///   `maxPull`). Readings through an audio server wander by a few tenths of a millisecond over
///   seconds (bench/acoustic); chasing each wander with a nudge moved the sound by that much,
///   the slow lock does not.
///
/// Pure: the caller passes the time (seconds, any monotonic clock) and applies the actions.
public struct DriftController: Sendable {
  public struct Configuration: Sendable, Equatable {
    public var seekThreshold: Double = 0.15
    public var seekConfirmations = 2
    public var settleTime: Double = 0.3
    /// The least error that starts a nudge (mpv's readings step by ~1.3 ms now and then for a
    /// second or two, the sound not: a nudge after such a step moves the sound by as much)…
    public var startThreshold: Double = 0.002
    /// …or this many times the readings' noise, when more.
    public var noiseMargin: Double = 2
    /// Nudging stops below this error (a nudge then is 80 ppm: the lock takes the rest)…
    public var stopThreshold: Double = 0.0001
    /// …or this many times the readings' noise, when more.
    public var stopNoiseMargin: Double = 0.7
    /// Weight of a new step in the noise estimate; steps count up to `noiseCeiling`.
    public var noiseSmoothing: Double = 0.05
    public var noiseCeiling: Double = 0.002
    public var stopConfirmations = 3
    /// Rate change per second of error.
    public var proportionalGain: Double = 0.8
    /// Trim change per second of error, per second, while nudging…
    public var integralGain: Double = 0.1
    /// …on errors that stayed under this for `integralDelay` (anti-windup: the nudge takes a
    /// few seconds to remove a landing error, and that tail is no drift — counting it taught
    /// players trims of ±200 ppm at every join).
    public var integralLimit: Double = 0.004
    public var integralDelay: Double = 3
    public var maxNudge: Double = 0.02
    public var maxTrim: Double = 0.005
    /// Nudges smaller than this change of rate are not sent to the player.
    public var rateStep: Double = 0.00005
    /// Weight of a new error sample in the smoothed error (1 = no smoothing). Samples are first
    /// passed through a median of three, so one late or garbled reading moves nothing.
    public var smoothing: Double = 0.5
    public var maxSeekLead: Double = 0.5
    /// A longer gap between samples starts the drift fit anew (the player or its readings
    /// stalled).
    public var maxSampleGap: Double = 0.5
    /// How long after a rate change the player plays at it (its audio buffer).
    public var rateLatency: Double = 0.5
    /// Span of samples over which the player's drift is fitted…
    public var driftWindow: Double = 60
    /// …once they span at least this long. Back in step after a nudge, an error this far off
    /// the fitted line was no drift (a stall, a skip): the fit starts anew.
    public var leastDriftSpan: Double = 8
    public var stepTolerance: Double = 0.002
    /// In step: the time constant of the error's average the lock works on…
    public var lockSmoothing: Double = 2
    /// …which is drawn to zero over this long…
    public var pullTime: Double = 8
    /// …by a rate offset of at most this much.
    public var maxPull: Double = 0.0005
    /// In step, the rate is changed only by at least this much, at most once per `lockInterval`.
    public var lockStep: Double = 0.000005
    public var lockInterval: Double = 0.5
    /// After a start the output's latency estimate settles: mpv's readings through PulseAudio
    /// run 100–200 ppm fast for seconds (they start a few tenths of a millisecond behind the
    /// sound). Meanwhile no error under the start threshold is corrected and no drift learned.
    public var warmUp: Double = 5

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

  /// What moved the player, for what its landing teaches.
  public enum Landing: Sendable, Equatable {
    /// A seek while playing: the landing teaches `seekLead`.
    case seek
    /// Play from a position the player was parked at: the landing teaches `startLead`.
    case start
    /// The same, told late (a busy machine): nothing to learn.
    case restart
    /// Anything else (the player went on to its next file by itself): nothing to learn.
    case other
  }

  public let configuration: Configuration
  public private(set) var phase: Phase = .idle
  /// Learned rate offset that cancels the player's own drift.
  public private(set) var trim: Double = 0
  /// The rate last asked of the player.
  public private(set) var rate: Double = 1
  /// Learned: added to a seek's target because the player lands behind it.
  public private(set) var seekLead: Double = 0
  /// Learned: how much earlier than due a parked player is told to play (it starts late by
  /// about the time its output takes to start; negative when it starts early).
  public private(set) var startLead: Double = 0
  public private(set) var smoothedError: Double?
  /// How much one reading's error differs from the last, on average: the readings' noise.
  public private(set) var readingNoise: Double?
  public private(set) var seekCount = 0
  /// In step: the rate offset, too small to hear, that draws the averaged error to zero.
  public private(set) var pull: Double = 0
  private var overSeekThreshold = 0
  /// Settling: what the landing teaches.
  private var landing = Landing.other
  /// After a start, until when the readings are warming up; and, once they have, that the
  /// first decision in step nudges from the stop threshold (what is left of a landing is no
  /// reading's wander).
  private var warmUntil: Double?
  private var landed = false
  private var belowStop = 0
  /// Nudging: since when the error is under `integralLimit`.
  private var smallErrorSince: Double?
  /// The last raw errors, for the median of three.
  private var recentErrors: [Double] = []
  private var lastSample: Double?
  /// In step: the error slowly averaged, and when the lock last changed the rate.
  private var lockedError: Double?
  private var lastLockChange = -Double.infinity
  /// The drift fit: the error less what the asked rates moved the player since the fit began
  /// (`moved`), over the last `driftWindow` seconds; its slope is the player's own drift.
  private var drift: DriftFit

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    drift = DriftFit(rateLatency: configuration.rateLatency, window: configuration.driftWindow)
  }

  /// One observation: the player is at `actual` seconds into the track when the room says
  /// `expected`, at time `now`. Positive error means the player is ahead.
  public mutating func update(expected: Double, actual: Double, at now: Double) -> Action {
    let error = actual - expected
    let gap = lastSample.map { now - $0 } ?? 0
    lastSample = now
    if case .settling(let until) = phase {
      guard now >= until else { return .none }
      // How far the player landed from the target teaches the lead (a wild error is not
      // about landing: the room moved meanwhile).
      if abs(error) < 2 * configuration.maxSeekLead { learnLanding(error: error) }
      phase = .idle
      smoothedError = nil
      if landing == .start || landing == .restart { warmUntil = now + configuration.warmUp }
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
    learnDrift(error: filtered, gap: gap, at: now)

    if phase == .idle {
      if let until = warmUntil, now >= until {
        warmUntil = nil
        landed = true
      }
      let threshold = landed ? stopThreshold : startThreshold
      landed = false
      guard abs(smoothed) > threshold else {
        guard warmUntil == nil else {
          lockedError = nil
          return .none
        }
        return lock(error: filtered, gap: gap, at: now)
      }
      phase = .correcting
      belowStop = 0
      smallErrorSince = nil
      pull = 0
    }
    smallErrorSince = abs(smoothed) < configuration.integralLimit ? smallErrorSince ?? now : nil
    if let since = smallErrorSince, now - since >= configuration.integralDelay, gap <= configuration.maxSampleGap,
      warmUntil == nil
    {
      trim = min(max(trim - configuration.integralGain * smoothed * gap, -configuration.maxTrim), configuration.maxTrim)
    }
    belowStop = abs(smoothed) < stopThreshold ? belowStop + 1 : 0
    if belowStop >= configuration.stopConfirmations {
      phase = .idle
      drift.resume(error: smoothed, at: now, tolerance: configuration.stepTolerance)
      lockedError = smoothed
      lastLockChange = now
      return request(rate: 1 + trim, at: now, always: true)
    }
    let nudge = min(max(-configuration.proportionalGain * smoothed, -configuration.maxNudge), configuration.maxNudge)
    return request(rate: 1 + trim + nudge, at: now)
  }

  /// An error above this starts a nudge: the configured least, or the readings' noise times
  /// the margin.
  public var startThreshold: Double {
    max(configuration.startThreshold, configuration.noiseMargin * (readingNoise ?? 0))
  }

  /// Nudging stops below this: the configured least, or the readings' noise times its margin.
  public var stopThreshold: Double {
    max(configuration.stopThreshold, configuration.stopNoiseMargin * (readingNoise ?? 0))
  }

  /// The caller moved the player itself (`landing` says how): wait for it to settle, and play
  /// at the drift-cancelling rate meanwhile. Returns the rate to apply.
  @discardableResult
  public mutating func playerRepositioned(at now: Double, landing: Landing) -> Double {
    settle(at: now, landing: landing)
    return rate
  }

  /// The room paused or the track went away: forget the error, keep what was learned.
  public mutating func stop() {
    phase = .idle
    forgetError()
  }

  private mutating func forgetError() {
    overSeekThreshold = 0
    landed = false
    warmUntil = nil
    recentErrors.removeAll()
    belowStop = 0
    smoothedError = nil
    lastSample = nil
    lockedError = nil
    lastLockChange = -Double.infinity
    pull = 0
    drift.reset(rate: rate)
  }

  /// Feeds the drift fit (in step a point, while nudging what the nudge moves) and, in step once
  /// it spans long enough, takes the player's drift from it.
  private mutating func learnDrift(error: Double, gap: Double, at now: Double) {
    guard gap <= configuration.maxSampleGap, warmUntil == nil else {
      drift.reset(rate: rate)
      return
    }
    drift.add(error: error, gap: gap, at: now, fitted: phase == .idle)
    guard phase == .idle, let slope = drift.slope(leastSpan: configuration.leastDriftSpan) else { return }
    trim = min(max(-slope, -configuration.maxTrim), configuration.maxTrim)
  }

  /// In step: the averaged error drawn to zero by a pull too small to hear, on top of the trim.
  private mutating func lock(error: Double, gap: Double, at now: Double) -> Action {
    let weight = gap / (configuration.lockSmoothing + gap)
    let averaged = lockedError.map { $0 + weight * (error - $0) } ?? error
    lockedError = averaged
    pull = min(max(-averaged / configuration.pullTime, -configuration.maxPull), configuration.maxPull)
    let wanted = 1 + trim + pull
    guard abs(wanted - rate) >= configuration.lockStep, now - lastLockChange >= configuration.lockInterval else {
      return .none
    }
    lastLockChange = now
    return request(rate: wanted, at: now, always: true)
  }

  private mutating func seek(to expected: Double, at now: Double) -> Action {
    seekCount += 1
    settle(at: now, landing: .seek)
    return .seek(to: expected + seekLead, rate: rate)
  }

  private mutating func settle(at now: Double, landing: Landing) {
    phase = .settling(until: now + configuration.settleTime)
    self.landing = landing
    rate = 1 + trim
    forgetError()
  }

  /// A player `error` off after it settled: behind, it is told earlier next time.
  private mutating func learnLanding(error: Double) {
    let limit = configuration.maxSeekLead
    switch landing {
    case .seek: seekLead = min(max(seekLead - 0.7 * error, 0), limit)
    case .start: startLead = min(max(startLead - 0.7 * error, -limit), limit)
    case .restart, .other: break
    }
  }

  /// Asks for `wanted` when it differs enough from the current rate to matter (or at all, when
  /// `always`: the lock's rates change rarely and by tiny amounts).
  private mutating func request(rate wanted: Double, at now: Double, always: Bool = false) -> Action {
    guard wanted != rate, always || abs(wanted - rate) >= configuration.rateStep else { return .none }
    rate = wanted
    drift.rateAsked(wanted, at: now)
    return .setRate(wanted)
  }
}
