/// Seconds on a clock that never jumps (not wall time), as `Double`: what sync math wants.
/// Every part of a client — socket receive stamps, player position stamps, the session —
/// must read the same clock. Tests inject their own.
public struct MonotonicClock: Sendable {
  private let read: @Sendable () -> Double

  public init(_ read: @escaping @Sendable () -> Double) {
    self.read = read
  }

  public func now() -> Double { read() }

  /// The process's continuous clock, counted from the first time it is read.
  public static let system = MonotonicClock { Self.elapsed(since: origin) }

  private static let origin = ContinuousClock.now

  private static func elapsed(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
