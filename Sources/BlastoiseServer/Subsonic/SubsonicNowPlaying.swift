import Synchronization

/// What each person plays now, as their apps say (`scrobble` with `submission=false`), kept in
/// memory for `getNowPlaying` for ten minutes after they said it.
final class SubsonicNowPlaying: Sendable {
  struct Entry: Sendable, Equatable {
    let trackID: String
    let username: String
    let player: String
    let minutesAgo: Int
  }

  static let keptMilliseconds: Int64 = 600_000
  private let entries = Mutex<[String: (trackID: String, player: String, at: Int64)]>([:])
  private let now: @Sendable () -> Int64

  init(now: @escaping @Sendable () -> Int64) { self.now = now }

  func playing(_ trackID: String, by username: String, on player: String, at time: Int64) {
    entries.withLock { $0[username] = (trackID, String(player.prefix(100)), time) }
  }

  /// The latest first.
  func current() -> [Entry] {
    let time = now()
    return entries.withLock { entries in
      entries = entries.filter { time - $0.value.at < Self.keptMilliseconds }
      return entries.sorted { $0.value.at > $1.value.at }.map { username, playing in
        Entry(
          trackID: playing.trackID, username: username, player: playing.player,
          minutesAgo: Int(max(0, time - playing.at) / 60_000))
      }
    }
  }
}
