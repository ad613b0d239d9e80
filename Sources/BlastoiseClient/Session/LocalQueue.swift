import BlastoiseProtocol
import BlastoiseSync

/// Local-library playback (not room-synced, the iOS design's library mode): a list of tracks,
/// the current index, and a mode that decides what follows a track's end.
public struct LocalQueue: Sendable, Equatable {
  public var tracks: [Track]
  public var index: Int
  public var mode: PlaybackMode

  public init(tracks: [Track], index: Int = 0, mode: PlaybackMode = .repeatAll) {
    self.tracks = tracks
    self.index = tracks.isEmpty ? 0 : min(max(0, index), tracks.count - 1)
    self.mode = mode
  }

  public var current: Track? { tracks.indices.contains(index) ? tracks[index] : nil }

  /// What follows the end of the current track. `.replay` for repeat-one, `.stop` when `once`
  /// played the last one.
  public enum AfterEnd: Sendable, Equatable {
    case play(Int)
    case replay
    case stop
  }

  public func afterEnd(using random: inout some RandomNumberGenerator) -> AfterEnd {
    guard !tracks.isEmpty else { return .stop }
    if mode == .repeatOne { return .replay }
    return mode.nextIndex(after: index, count: tracks.count, using: &random).map(AfterEnd.play) ?? .stop
  }

  /// The "next" button: the following track (wrapping), or a random other one in shuffle.
  public func next(using random: inout some RandomNumberGenerator) -> Int {
    guard !tracks.isEmpty else { return 0 }
    let stepping: PlaybackMode = mode == .shuffle ? .shuffle : .repeatAll
    return stepping.nextIndex(after: index, count: tracks.count, using: &random) ?? 0
  }

  /// The "previous" button: the one before (wrapping).
  public func previous() -> Int {
    guard !tracks.isEmpty else { return 0 }
    return (index - 1 + tracks.count) % tracks.count
  }
}

extension PlaybackMode {
  /// once → repeat-all → repeat-one → shuffle → once.
  public var cycled: PlaybackMode {
    switch self {
    case .once: .repeatAll
    case .repeatAll: .repeatOne
    case .repeatOne: .shuffle
    case .shuffle: .once
    }
  }
}
