/// What an app says it plays (Subsonic's `scrobble` that is not a submission, or the
/// `playbackReport` extension's `reportPlayback`): the track, the app, the state, where in the
/// track and at what rate, and when it said so.
public struct PlaybackReport: Sendable, Equatable, Codable {
  public enum State: String, Sendable, CaseIterable, Codable {
    case starting, playing, paused, stopped
  }

  public let trackID: String
  public let player: String
  /// Nil: a plain now-playing scrobble, which says nothing of the state.
  public let state: State?
  /// Milliseconds into the track when it was reported.
  public let position: Int64?
  public let rate: Double
  /// When it was reported, ms since 1970.
  public let at: Int64

  public init(trackID: String, player: String, state: State?, position: Int64?, rate: Double, at: Int64) {
    self.trackID = trackID
    self.player = player
    self.state = state
    self.position = position
    self.rate = rate
    self.at = at
  }
}

/// A playback report made on one node, for the other nodes' `getNowPlaying`. Over PostgreSQL's
/// LISTEN/NOTIFY as JSON (an app's name may hold any character).
public struct PlaybackReportNotice: Sendable, Equatable, Codable {
  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_playback"

  public let nodeID: String
  public let username: String
  public let report: PlaybackReport

  public init(nodeID: String, username: String, report: PlaybackReport) {
    self.nodeID = nodeID
    self.username = username
    self.report = report
  }

  /// The payload to send; nil when it would not fit one.
  public var payload: String? { NoticeJSON.payload(self) }

  /// Reads a payload; nil for anything that is not ours.
  public init?(payload: String) {
    guard let notice = NoticeJSON.notice(Self.self, from: payload), !notice.nodeID.isEmpty, !notice.username.isEmpty,
      notice.report.rate.isFinite
    else { return nil }
    self = notice
  }
}
