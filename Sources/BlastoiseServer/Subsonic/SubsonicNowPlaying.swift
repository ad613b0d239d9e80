import BlastoiseCore
import Synchronization

/// What each person plays now, as their apps say (`PlaybackReport`), from which the position
/// now is reckoned, and how long of it was heard. Kept in memory for `getNowPlaying` until the
/// app says it stopped, or ten minutes after it last said anything. Reports made on the other
/// nodes come in through `heard` (their `announce` sends this node's), so every node answers
/// for everyone.
final class SubsonicNowPlaying: Sendable {
  struct Entry: Sendable, Equatable {
    let trackID: String
    let username: String
    let player: String
    let minutesAgo: Int
    let state: PlaybackReport.State?
    /// Reckoned for now: a playing track moves on at its rate since the report.
    let position: Int64?
    let rate: Double?
  }

  static let keptMilliseconds: Int64 = 600_000
  /// Each person's last report, and how long of that play they have heard (ms of the track).
  private let reports = Mutex<[String: (report: PlaybackReport, heard: Int64)]>([:])
  private let now: @Sendable () -> Int64
  private let announce: @Sendable (String, PlaybackReport) async -> Void

  /// `announce`: tells the other nodes of a report made here (by whom).
  init(now: @escaping @Sendable () -> Int64, announce: @escaping @Sendable (String, PlaybackReport) async -> Void) {
    self.now = now
    self.announce = announce
  }

  /// A report of `username`'s made here: kept, told to the other nodes, and answers how much of
  /// the play it belongs to was heard so far (`heard`).
  @discardableResult
  func report(_ report: PlaybackReport, by username: String) async -> Int64 {
    let heard = heard(report, by: username)
    await announce(username, report)
    return heard
  }

  /// Keeps a report; answers how much of the play it belongs to was heard so far: the time spent
  /// `playing` (at its rate) since it started — a play starts anew with `starting` or another
  /// track. A stopped one ends what they play.
  @discardableResult
  func heard(_ report: PlaybackReport, by username: String) -> Int64 {
    reports.withLock { reports in
      var heard: Int64 = 0
      if let last = reports[username], last.report.trackID == report.trackID, report.state != .starting {
        heard = last.heard
        if last.report.state == .playing {
          heard += Int64(Double(max(0, report.at - last.report.at)) * last.report.rate)
        }
      }
      reports[username] = report.state == .stopped ? nil : (report, heard)
      return heard
    }
  }

  /// The latest first.
  func current() -> [Entry] {
    let time = now()
    return reports.withLock { reports in
      reports = reports.filter { time - $0.value.report.at < Self.keptMilliseconds }
      return reports.sorted { $0.value.report.at > $1.value.report.at }.map { username, kept in
        let report = kept.report
        let elapsed = max(0, time - report.at)
        let moved = report.state == .playing ? Int64(Double(elapsed) * report.rate) : 0
        return Entry(
          trackID: report.trackID, username: username, player: report.player, minutesAgo: Int(elapsed / 60_000),
          state: report.state, position: report.position.map { $0 + moved },
          rate: report.state == nil ? nil : report.rate)
      }
    }
  }
}
