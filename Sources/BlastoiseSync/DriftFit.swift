/// The player's own drift, from its errors in step: each error less how far the rates asked of
/// it moved it (each rate counted from `rateLatency` after it was asked, when the player plays
/// at it), fitted by a line over the last `window` seconds. Without the controller's own doing
/// the error only moves by the player's drift, so the slope is that drift. Errors while nudging
/// are not fitted (a nudge's effect lands a little earlier or later than `rateLatency`), but
/// what the nudges move is counted, so the fit goes on across a nudge made for the drift; after
/// a nudge made for a stall or a skip the errors are off the line, and the fit starts anew.
struct DriftFit: Sendable {
  let rateLatency: Double
  let window: Double
  /// The rate in effect before the first one in `asked`.
  private var baseRate = 1.0
  private var asked: [(at: Double, rate: Double)] = []
  /// How far the asked rates moved the player since the fit began (seconds).
  private var moved = 0.0
  private var points: [(x: Double, y: Double)] = []
  static let leastPoints = 8

  init(rateLatency: Double, window: Double) {
    self.rateLatency = rateLatency
    self.window = window
  }

  /// Starts over, the player playing at `rate`.
  mutating func reset(rate: Double) {
    baseRate = rate
    asked.removeAll()
    moved = 0
    points.removeAll()
  }

  mutating func rateAsked(_ rate: Double, at now: Double) {
    forgetRatesBefore(now)
    asked.append((now, rate))
  }

  /// One error, `gap` seconds after the last; `fitted`: in step, a point of the fit.
  mutating func add(error: Double, gap: Double, at now: Double, fitted: Bool) {
    forgetRatesBefore(now)
    moved += (baseRate - 1) * gap
    guard fitted else { return }
    points.append((now, error - moved))
    if let stale = points.firstIndex(where: { $0.x >= now - window }), stale > 0 { points.removeFirst(stale) }
  }

  /// Back in step after nudging: when `error` is more than `tolerance` off what the line says,
  /// the player moved by more than its drift (a stall, a skip), and the fit starts anew; as it
  /// does when too few points came before to tell (the first errors after a seek).
  mutating func resume(error: Double, at now: Double, tolerance: Double) {
    if points.count >= Self.leastPoints {
      let line = LeastSquaresLine(points)
      if line.isDetermined, abs(error - moved - line.value(at: now)) <= tolerance { return }
    }
    // The rates asked stay: the last nudges still play for `rateLatency`.
    moved = 0
    points.removeAll()
  }

  /// The rates asked before `now − rateLatency` are played by now: the last of them is the base.
  private mutating func forgetRatesBefore(_ now: Double) {
    while let first = asked.first, first.at <= now - rateLatency {
      baseRate = first.rate
      asked.removeFirst()
    }
  }

  /// The fitted drift (seconds of error per second), once the points span `leastSpan`.
  func slope(leastSpan: Double) -> Double? {
    guard points.count >= Self.leastPoints, let first = points.first, let last = points.last,
      last.x - first.x >= leastSpan
    else { return nil }
    return LeastSquaresLine(points).slope
  }
}
