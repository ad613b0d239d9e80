/// How long a room socket waits before reconnecting: `min(base × (attempt + 1), maximum)`,
/// `attempt` counting failures since the last connection that delivered a state (the iOS
/// design's 3 s, 6 s, 9 s … 30 s).
public struct ReconnectPolicy: Sendable, Equatable {
  public var base: Double
  public var maximum: Double

  public init(base: Double = 3, maximum: Double = 30) {
    self.base = base
    self.maximum = maximum
  }

  public func delay(attempt: Int) -> Double {
    min(base * Double(max(0, attempt) + 1), maximum)
  }
}
