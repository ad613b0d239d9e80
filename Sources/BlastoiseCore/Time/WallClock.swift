import Foundation

/// Wall-clock time for the room engine, injected so tests can move time by hand instead of
/// waiting for it.
public protocol WallClock: Sendable {
  /// Seconds since the Unix epoch.
  func now() -> Double
  /// Returns once `now()` has reached `deadline`; throws when the task is cancelled first.
  func sleep(until deadline: Double) async throws
}

extension WallClock {
  /// Milliseconds since the Unix epoch, as stores keep times.
  public func milliseconds() -> Int64 { Int64((now() * 1000).rounded()) }
  public func sleep(for seconds: Double) async throws { try await sleep(until: now() + seconds) }
}

/// The machine's clock.
public struct SystemClock: WallClock {
  public init() {}

  public func now() -> Double { Date().timeIntervalSince1970 }

  public func sleep(until deadline: Double) async throws {
    try await Task.sleep(for: .seconds(max(0, deadline - now())))
  }
}
