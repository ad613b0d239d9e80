import BlastoiseProtocol

/// Everything a UI shows, as one value (the iOS design's `PlaybackSnapshot`): views stay dumb
/// and redraw from the newest snapshot.
public struct PlaybackSnapshot: Sendable, Equatable {
  public enum SourceMode: String, Sendable { case radio, library }

  public enum Connection: Sendable, Equatable {
    case idle
    case connecting(attempt: Int)
    case connected
    case reconnecting(reason: String, retryIn: Double)
    case closed(reason: String)
  }

  public var sourceMode: SourceMode = .radio
  public var connection: Connection = .idle
  public var user: UserInfo?
  /// May pause, seek, jump (the `control` permission).
  public var canControl = false
  public var channels: [RoomInfo] = []
  public var roomID: String?
  public var roomName = ""
  public var listeners: [String] = []
  public var listenerCount = 0
  public var track: Track?
  public var queue: [Track] = []
  public var currentIndex = 0
  public var playbackMode = "repeat-all"
  /// The room (or the local player in library mode) is paused.
  public var paused = true
  /// The local output is playing.
  public var isPlaying = false
  /// Where the room is now (seconds into the track).
  public var expectedPosition: Double?
  /// Where the local player is now.
  public var playerPosition: Double?
  /// player − room, seconds (positive: the player is ahead).
  public var drift: Double?
  public var rate = 1.0
  /// server − client clock, seconds, and how sure that is.
  public var clockOffset: Double?
  public var clockUncertainty: Double?
  public var seq: Int64 = 0
  public var localIndex = -1
  /// Seconds from joining a room to its audio playing in step (first time only).
  public var joinToPlaying: Double?
  public var status = "Starting"
  /// Recent happenings, newest last (at most 20).
  public var events: [String] = []

  public init() {}

  mutating func log(_ event: String) {
    events.append(event)
    if events.count > 20 { events.removeFirst(events.count - 20) }
  }
}

/// One comparison of the player with the room, made at every position reading while in step.
/// Benchmarks and status output read these.
public struct SyncSample: Sendable, Equatable {
  /// Monotonic time of the comparison.
  public var at: Double
  public var trackId: String
  public var position: Double
  public var expected: Double
  public var rate: Double
  /// The room state compared against: its `seq`, `serverTime` (ms) and `currentTimestamp`.
  public var seq: Int64
  public var serverTime: Int64
  public var currentTimestamp: Double
  public var clockOffset: Double?

  public var drift: Double { position - expected }
}
