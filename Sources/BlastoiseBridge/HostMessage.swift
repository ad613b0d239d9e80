import BlastoisePhotoBackup
import Foundation

/// What the host tells the page (`docs/native-bridge.md`, "Host → page"), as the JSON object the
/// page's `window.blastoiseNative.on` takes.
public enum HostMessage: Sendable, Equatable {
  /// The player was at `current` seconds at `hostTime` (ms since 1970); `duration` when known.
  case time(current: Double, duration: Double?, hostTime: Int64)
  case meta(duration: Double?)
  case state(playing: Bool)
  case seeked
  case ended
  case error(String)
  /// While the host follows a room.
  case room(RoomFollowing)
  /// A lock-screen or car button the page handles (local playback): `next`, `previous`.
  case command(String)
  /// This phone's photo backup (nil settings and report: the app has none).
  case backup(BackupSettings?, BackupReport?)

  public func json() -> Data {
    var object: [String: Any]
    switch self {
    case .time(let current, let duration, let hostTime):
      object = ["t": "time", "cur": current, "dur": duration ?? NSNull(), "hostTime": hostTime]
    case .meta(let duration): object = ["t": "meta", "dur": duration ?? NSNull()]
    case .state(let playing): object = ["t": "state", "playing": playing]
    case .seeked: object = ["t": "seeked"]
    case .ended: object = ["t": "ended"]
    case .error(let message): object = ["t": "error", "message": message]
    case .room(let room): object = ["t": "room", "state": room.object]
    case .command(let name): object = ["t": "command", "name": name]
    case .backup(let settings, let report):
      object = ["t": "backup", "available": settings != nil]
      if let settings {
        object["enabled"] = settings.enabled
        object["wifiOnly"] = settings.wifiOnly
        object["includeVideos"] = settings.includeVideos
        object["onlyWhileCharging"] = settings.onlyWhileCharging
        object["account"] = settings.account?.username ?? NSNull()
      }
      if let report {
        object["state"] = report.state.rawValue
        object["files"] = report.files
        object["done"] = report.done
        object["lastRunAt"] = report.lastRunAt ?? NSNull()
        object["message"] = report.message ?? NSNull()
      }
    }
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  }
}

/// The room the host follows, as the page shows it while the host keeps the player in step.
public struct RoomFollowing: Sendable, Equatable {
  public var roomID: String?
  public var trackID: String?
  public var currentIndex: Int
  public var paused: Bool
  /// The player plays.
  public var playing: Bool
  /// Where the room is now, and the player (seconds into the track).
  public var roomPosition: Double?
  public var playerPosition: Double?
  /// Player minus room, milliseconds.
  public var driftMs: Double?
  /// The host's socket: `connected`, `connecting`, `reconnecting`, `closed` (it follows the room
  /// no more), `released` (a car took the player).
  public var connection: String
  public var status: String

  public init(
    roomID: String?, trackID: String?, currentIndex: Int, paused: Bool, playing: Bool, roomPosition: Double?,
    playerPosition: Double?, driftMs: Double?, connection: String, status: String
  ) {
    self.roomID = roomID
    self.trackID = trackID
    self.currentIndex = currentIndex
    self.paused = paused
    self.playing = playing
    self.roomPosition = roomPosition
    self.playerPosition = playerPosition
    self.driftMs = driftMs
    self.connection = connection
    self.status = status
  }

  var object: [String: Any] {
    [
      "roomId": roomID ?? NSNull(), "trackId": trackID ?? NSNull(), "currentIndex": currentIndex, "paused": paused,
      "playing": playing, "roomPosition": roomPosition ?? NSNull(), "playerPosition": playerPosition ?? NSNull(),
      "driftMs": driftMs ?? NSNull(), "connection": connection, "status": status,
    ]
  }
}
