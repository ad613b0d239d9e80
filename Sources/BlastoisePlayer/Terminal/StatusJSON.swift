import BlastoiseClient
import Foundation

/// `--status-json`: one JSON object per line on stdout. `sample` lines compare the player with
/// the room at each position reading (`wall` is Unix ms of the reading, so a bench can check
/// `pos` against the server's clock itself: the room was at `ts` at `serverTime`); `status`
/// lines give the whole picture four times a second; `event` lines mark what happened.
enum StatusJSON {
  static func sample(_ sample: SyncSample, wall: Double) -> String {
    line([
      "type": "sample", "wall": wall, "track": sample.trackId, "pos": sample.position, "expected": sample.expected,
      "drift": sample.drift * 1000, "rate": sample.rate, "seq": sample.seq, "serverTime": sample.serverTime,
      "ts": sample.currentTimestamp, "offset": sample.clockOffset ?? NSNull(),
    ])
  }

  static func status(_ snapshot: PlaybackSnapshot, wall: Double) -> String {
    let connection: String
    switch snapshot.connection {
    case .idle: connection = "idle"
    case .connecting: connection = "connecting"
    case .connected: connection = "connected"
    case .reconnecting: connection = "reconnecting"
    case .closed: connection = "closed"
    }
    return line([
      "type": "status", "wall": wall, "connection": connection, "track": snapshot.track?.id ?? NSNull(),
      "title": snapshot.track?.title ?? NSNull(), "index": snapshot.currentIndex, "paused": snapshot.paused,
      "playing": snapshot.isPlaying, "pos": snapshot.playerPosition ?? NSNull(),
      "expected": snapshot.expectedPosition ?? NSNull(), "drift": snapshot.drift.map { $0 * 1000 } ?? NSNull(),
      "rate": snapshot.rate, "seq": snapshot.seq, "mode": snapshot.playbackMode,
      "channel": snapshot.roomID ?? NSNull(),
      "listeners": snapshot.listenerCount, "joinMs": snapshot.joinToPlaying.map { $0 * 1000 } ?? NSNull(),
    ])
  }

  static func event(_ name: String, _ fields: [String: Any] = [:], wall: Double) -> String {
    var object = fields
    object["type"] = "event"
    object["event"] = name
    object["wall"] = wall
    return line(object)
  }

  private static func line(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
