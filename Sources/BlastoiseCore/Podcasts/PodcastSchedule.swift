/// When a feed is fetched next (pure). A fetch that worked (or answered 304) waits the refresh
/// interval; failures wait longer each time — 15 min, 30, 60… capped at a day — so a dead feed
/// costs a request a day, and the error stays visible meanwhile. A random spread of ±10% keeps
/// feeds subscribed to at the same moment (an OPML import) from coming due together forever.
public struct PodcastSchedule: Sendable, Equatable {
  /// Between successful fetches (ms); default an hour.
  public var interval: Int64
  public var firstRetry: Int64
  public var longestRetry: Int64

  public static let minute: Int64 = 60_000

  public init(interval: Int64 = 60 * minute, firstRetry: Int64 = 15 * minute, longestRetry: Int64 = 24 * 60 * minute) {
    self.interval = interval
    self.firstRetry = firstRetry
    self.longestRetry = longestRetry
  }

  /// A feed's own interval (minutes) from 5 minutes to a week.
  public static let refreshMinutes = 5...10_080

  /// The wait after a fetch that left `failures` failures in a row (0: it worked), before spread;
  /// `minutes` is the feed's own interval, when it has one.
  public func wait(failures: Int, minutes: Int? = nil) -> Int64 {
    guard failures > 0 else { return minutes.map { Int64($0) * Self.minute } ?? interval }
    let doublings = min(failures - 1, 20)
    return min(longestRetry, firstRetry << Int64(doublings))
  }

  /// The next check's time: `wait` from `now`, spread by `random` (0..<1) over ±10%.
  public func next(after now: Int64, failures: Int, random: Double, minutes: Int? = nil) -> Int64 {
    let wait = Double(wait(failures: failures, minutes: minutes))
    return now + Int64(wait * (0.9 + 0.2 * min(max(random, 0), 1)))
  }
}
