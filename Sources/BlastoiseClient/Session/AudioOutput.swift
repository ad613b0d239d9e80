import Foundation

/// A local player the session drives: libmpv on Linux (`BlastoisePlayer`), AVPlayer on iOS.
/// Calls must not block for long (they come from the session's actor); loading is
/// asynchronous and reports `.ready`.
public protocol AudioOutput: AnyObject, Sendable {
  /// What the player reports, in order. Read by one consumer.
  var events: AsyncStream<AudioOutputEvent> { get }
  /// Starts loading `url` (sending `headers`, e.g. the Cookie), paused; `.ready` follows.
  func load(url: URL, headers: [String: String])
  /// Readies `url` as what plays next: when the loaded track plays to its end the player goes
  /// straight on to it, without a gap, and says `.advanced`. nil forgets it; a `load` or `stop`
  /// does too.
  func preload(url: URL?, headers: [String: String])
  /// The loaded track ends at `seconds` into it (nil: at its own end), where the player goes on
  /// to the preloaded one as at a natural end: a jump the room makes a moment ahead is heard on
  /// its instant, without a silence. A `load` or `stop` forgets it.
  func endLoaded(at seconds: Double?)
  func play()
  func pause()
  /// Seeks exactly (not to a keyframe) to `seconds` into the track.
  func seek(to seconds: Double)
  /// Playback rate (1 = normal); small nudges keep it in step, so pitch should be kept.
  func setRate(_ rate: Double)
  /// Loudness, 0 (silent) to 1 (full): the page's volume slider, through the native bridge.
  func setVolume(_ volume: Double)
  /// The freshest position reading, nil when nothing is loaded.
  func position() -> AudioPosition?
  /// Unloads the track.
  func stop()
  /// Seconds between the position the player reports and its sound leaving the speakers, as the
  /// platform tells them and the player's position does not already count (iOS: the session's
  /// `outputLatency`, a Bluetooth or AirPlay route's included). The session plays that much ahead.
  var outputLatency: Double { get }
  /// Whether a seek made while paused ends in `.parked`: the player then holds there, ready to
  /// sound the moment it is told to play. The session starts such a player when the room gets
  /// to where it waits, rather than seeking while it plays (mpv lands 60–80 ms behind).
  var parksOnSeek: Bool { get }
}

extension AudioOutput {
  /// mpv's position already counts its audio output's delay (`time-pos` is what is heard).
  public var outputLatency: Double { 0 }
  public var parksOnSeek: Bool { false }
}

/// The player was at `seconds` into the track at monotonic time `at`, playing at `rate`.
public struct AudioPosition: Sendable, Equatable {
  public var seconds: Double
  public var at: Double
  public var rate: Double
  public var playing: Bool

  public init(seconds: Double, at: Double, rate: Double, playing: Bool) {
    self.seconds = seconds
    self.at = at
    self.rate = rate
    self.playing = playing
  }

  /// Where the player is at monotonic time `time`, assuming it kept playing.
  public func extrapolated(to time: Double) -> Double {
    playing ? seconds + rate * max(0, time - at) : seconds
  }
}

public enum AudioOutputEvent: Sendable, Equatable {
  /// The loaded track can play; the player is paused. `duration` when known.
  case ready(duration: Double?)
  /// A fresh position reading (mpv: every change of `time-pos`).
  case position(AudioPosition)
  /// Played to the end.
  case ended
  /// Played to the end and went straight on to the preloaded track, which plays from its start.
  case advanced(duration: Double?)
  /// A seek made while paused is done: the player holds at `seconds`, ready to play.
  case parked(Double)
  case failed(String)
}
