import BlastoiseClient
import Foundation

/// `--status-json`: one JSON object per line on stdout. `sample` lines compare the player with
/// the room at each position reading (`wall` is Unix ms of the reading, so a bench can check
/// `pos` against the server's clock itself: the room was at `ts` at `serverTime`); `status`
/// lines give the whole picture four times a second; `event` lines mark what happened. Fields
/// without a value are left out.
///
/// Encodable lines, not JSONSerialization: its `[String: Any]` bridging crashed (SIGILL in
/// NSString's bridge) with the sample and status tasks writing at once.
enum StatusJSON {
  private struct Sample: Encodable {
    let type = "sample"
    let wall: Double, track: String, pos: Double, expected: Double, drift: Double, rate: Double
    let seq: Int64, serverTime: Int64, ts: Double, offset: Double?
  }

  private struct Status: Encodable {
    let type = "status"
    let wall: Double, connection: String, track: String?, title: String?, index: Int, paused: Bool
    let playing: Bool, pos: Double?, expected: Double?, drift: Double?, rate: Double, seq: Int64
    let mode: String, channel: String?, listeners: Int, joinMs: Double?
  }

  /// What happened: `joined` names the room, `playing` says how long joining took.
  enum Event {
    case joined(channel: String, name: String)
    case playing(joinMs: Double, sinceStartMs: Double)
  }

  private struct EventLine: Encodable {
    let type = "event"
    let event: String, wall: Double
    var channel: String?, name: String?, joinMs: Double?, sinceStartMs: Double?
  }

  static func sample(_ sample: SyncSample, wall: Double) -> String {
    line(
      Sample(
        wall: wall, track: sample.trackId, pos: sample.position, expected: sample.expected, drift: sample.drift * 1000,
        rate: sample.rate, seq: sample.seq, serverTime: sample.serverTime, ts: sample.currentTimestamp,
        offset: sample.clockOffset))
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
    return line(
      Status(
        wall: wall, connection: connection, track: snapshot.track?.id, title: snapshot.track?.title,
        index: snapshot.currentIndex, paused: snapshot.paused, playing: snapshot.isPlaying,
        pos: snapshot.playerPosition, expected: snapshot.expectedPosition, drift: snapshot.drift.map { $0 * 1000 },
        rate: snapshot.rate, seq: snapshot.seq, mode: snapshot.playbackMode, channel: snapshot.roomID,
        listeners: snapshot.listenerCount, joinMs: snapshot.joinToPlaying.map { $0 * 1000 }))
  }

  static func event(_ event: Event, wall: Double) -> String {
    switch event {
    case .joined(let channel, let name):
      line(EventLine(event: "joined", wall: wall, channel: channel, name: name))
    case .playing(let joinMs, let sinceStartMs):
      line(EventLine(event: "playing", wall: wall, joinMs: joinMs, sinceStartMs: sinceStartMs))
    }
  }

  private static func line(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
