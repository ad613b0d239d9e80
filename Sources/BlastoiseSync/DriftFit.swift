/// The player's own drift, from its errors in step: each error less how far the rates asked of
/// it moved it (each rate counted from `rateLatency` after it was asked, when the player plays
/// at it), fitted by a line over the last `window` seconds. Without the controller's own doing
/// the error only moves by the player's drift, so the slope is that drift.
struct DriftFit: Sendable {
  let rateLatency: Double
  let window: Double
  /// The rate in effect before the first one in `asked`.
  private var baseRate = 1.0
  private var asked: [(at: Double, rate: Double)] = []
  /// How far the asked rates moved the player since the fit began (seconds).
  private var moved = 0.0
  private var points: [(x: Double, y: Double)] = []

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

  /// One error, `gap` seconds after the last.
  mutating func add(error: Double, gap: Double, at now: Double) {
    forgetRatesBefore(now)
    moved += (baseRate - 1) * gap
    points.append((now, error - moved))
    if let stale = points.firstIndex(where: { $0.x >= now - window }), stale > 0 { points.removeFirst(stale) }
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
    guard points.count >= 8, let first = points.first, let last = points.last, last.x - first.x >= leastSpan else {
      return nil
    }
    return LeastSquaresLine(points).slope
  }
}
