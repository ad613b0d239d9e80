import Foundation

/// What the lock screen, Control Center and a car show (iOS: `MPNowPlayingInfoCenter`), kept by
/// the host from the page's `load` and the player's events. The Apple half copies it field by
/// field; nothing here knows MediaPlayer.
public struct NowPlaying: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var artwork: URL?
  public var kind: LoadRequest.Kind = .music
  /// Seconds.
  public var duration: Double?
  /// Where the player was at `elapsedAt` (monotonic seconds), and its rate then.
  public var elapsed: Double = 0
  public var elapsedAt: Double = 0
  public var rate: Double = 1
  public var playing = false

  public init() {}

  /// What the system extrapolates from: 0 while paused.
  public var playbackRate: Double { playing ? rate : 0 }

  mutating func loaded(_ request: LoadRequest, at now: Double) {
    self = NowPlaying()
    title = request.title
    artist = request.artist
    album = request.album
    artwork = request.artwork
    kind = request.kind
    duration = request.duration
    elapsed = request.position ?? 0
    elapsedAt = now
    rate = request.rate ?? 1
  }
}

/// A lock-screen, Control Center, headphone or car button (iOS: `MPRemoteCommandCenter`).
public enum RemoteCommand: Sendable, Equatable {
  case play
  case pause
  case toggle
  case next
  case previous
  /// Seconds forward (positive) or back.
  case skip(Double)
  /// To a position, seconds.
  case scrub(to: Double)

  /// How far the ±buttons jump, the same as the page's keys.
  public static let skipSeconds = 15.0
}

/// What a remote command becomes: something the player does, something the host's own session
/// does (the room it follows, over its socket; or a car's list it plays), or a button the page
/// handles (its local queue).
public enum RemoteIntent: Sendable, Equatable {
  case player(PageMessage)
  case session(SessionIntent)
  case page(String)
  case nothing

  public enum SessionIntent: Sendable, Equatable {
    case pause, resume, next, previous
    case seek(Double)
  }

  /// `position`: the player's now (seconds); `inSession`: the host's session plays (a room, or a
  /// car's list); `canControl`: the person may control it (always, for a car's list).
  public static func of(
    _ command: RemoteCommand, playing: Bool, position: Double, duration: Double?, inSession: Bool, canControl: Bool
  ) -> RemoteIntent {
    let play = command == .play || (command == .toggle && !playing)
    let pause = command == .pause || (command == .toggle && playing)
    func clamped(_ seconds: Double) -> Double {
      let upper = duration.map { max(0, $0 - 0.5) } ?? .greatestFiniteMagnitude
      return min(max(0, seconds), upper)
    }
    if inSession {
      guard canControl else { return .nothing }
      if play { return .session(.resume) }
      if pause { return .session(.pause) }
      switch command {
      case .next: return .session(.next)
      case .previous: return .session(.previous)
      case .skip(let seconds): return .session(.seek(clamped(position + seconds)))
      case .scrub(let seconds): return .session(.seek(clamped(seconds)))
      default: return .nothing
      }
    }
    if play { return .player(.play) }
    if pause { return .player(.pause) }
    switch command {
    case .next: return .page("next")
    case .previous: return .page("previous")
    case .skip(let seconds): return .player(.seek(to: clamped(position + seconds)))
    case .scrub(let seconds): return .player(.seek(to: clamped(seconds)))
    default: return .nothing
    }
  }
}
