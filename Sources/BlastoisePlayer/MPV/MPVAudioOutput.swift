import BlastoiseClient
import CMPV
import Foundation
import Synchronization

/// `AudioOutput` on libmpv: headless (`vo=null`, `idle=yes`, `keep-open=yes`), any `ao`
/// (`null` for machines without sound). Commands go to mpv asynchronously, so no call blocks
/// the session's actor.
///
/// Positions come from observing `time-pos`: mpv reports each change as an event the moment it
/// updates it (about every 50–100 ms), and the event is stamped on arrival — far more exact
/// than polling `time-pos`, which lags by up to an audio chunk. One thread per player waits on
/// mpv's events.
public final class MPVAudioOutput: AudioOutput, @unchecked Sendable {
  public let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  private let mpv: MPVHandle
  private let clock: MonotonicClock

  /// Where a `load` is: mpv answers a loadfile with START_FILE, FILE_LOADED, PLAYBACK_RESTART;
  /// events of the previous file may still come before START_FILE. `advancing`: the file ended
  /// and mpv goes on to the preloaded one (its own START_FILE … PLAYBACK_RESTART follow).
  private enum LoadPhase { case none, requested, started, loaded, advancing }

  private struct State {
    var position: AudioPosition?
    var paused = true
    var rate = 1.0
    /// Whether the time stretcher keeps the pitch (`setRate`).
    var stretching = false
    var load = LoadPhase.none
    var ended = false
    /// What mpv's playlist holds after the loaded file (`preload`).
    var preloaded: URL?
    var closing = false
    /// A seek is on its way: `time-pos` changes until its PLAYBACK_RESTART (or this deadline)
    /// still describe the old position and are not reported.
    var seekingUntil: Double?
    /// Where the last seek goes (what `.parked` says when it was made while paused).
    var seekTarget = 0.0
    /// After `.ready`, `time-pos` still describes the file's start until the session has
    /// seeked or started it.
    var awaitingCommand = false
    /// The last raw readings while playing on, for `steadied`.
    var recent: [AudioPosition] = []
    var lastReported = -Double.infinity
  }

  static let minimumReportInterval = 0.02
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)

  /// `audioOutput`: an mpv `ao` name (`null`, `pulse`, `alsa`, …); nil lets mpv choose.
  /// `leveling`: ReplayGain by mpv from the file's tags (off where the caller levels by volume).
  public init(audioOutput: String? = nil, leveling: Leveling = .track, clock: MonotonicClock = .system) throws {
    self.clock = clock
    mpv = try MPVHandle.create()
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
    do {
      for (name, value) in Self.options(audioOutput: audioOutput, leveling: leveling) {
        try mpv.setOption(name, value)
      }
      try mpv.initialize()
    } catch {
      mpv.terminateAndDestroy()
      throw error
    }
    mpv.observe("time-pos", MPV_FORMAT_DOUBLE)
    mpv.observe("eof-reached", MPV_FORMAT_FLAG)
    let thread = Thread { [self] in eventLoop() }
    thread.name = "blastoise-mpv"
    thread.start()
  }

  static func options(audioOutput: String?, leveling: Leveling) -> [(String, String)] {
    var options = [
      ("vo", "null"), ("video", "no"), ("idle", "yes"), ("keep-open", "yes"), ("pause", "yes"),
      ("terminal", "no"), ("config", "no"), ("load-scripts", "no"), ("ytdl", "no"), ("osc", "no"),
      ("input-default-bindings", "no"), ("audio-display", "no"), ("audio-client-name", "blastoise"),
      // No built-in Lua scripts (stats, console, auto profiles): nothing to show, threads saved.
      ("load-stats-overlay", "no"), ("load-osd-console", "no"), ("load-auto-profiles", "no"),
      // A room's rate nudges go through the resampler, which moves the sound smoothly: the
      // time stretcher (scaletempo2) realizes them in whole blocks, jumps of ~20 ms at the
      // speakers (bench/acoustic). A listener's own rate (a book at 1.5×) keeps its pitch:
      // `setRate` turns the stretcher on for it.
      ("audio-pitch-correction", "no"),
      // Through PulseAudio, mpv reads the stream's timing from the server at every position
      // instead of PulseAudio's interpolated latency, whose smoother starts a few tenths of a
      // millisecond off and catches up at 100–200 ppm over 5–10 s after every start: the
      // controller followed that into the sound (bench/acoustic native–native p95 up to 0.72 ms
      // without, 0.08–0.19 ms with).
      ("pulse-latency-hacks", "yes"),
      // A preloaded next file is opened while the current one ends, for a change without a gap.
      ("prefetch-playlist", "yes"),
      // ReplayGain from the file's tags (mpv takes the track's where an album has none), lowered
      // where the peak would clip.
      ("replaygain", leveling == .off ? "no" : leveling.rawValue), ("replaygain-clip", "yes"),
    ]
    if let audioOutput { options.append(("ao", audioOutput)) }
    return options
  }

  // MARK: AudioOutput

  public func load(url: URL, headers: [String: String]) {
    state.withLock { state in
      state.position = nil
      state.paused = true
      state.load = .requested
      state.ended = false
      state.preloaded = nil
      state.recent = []
    }
    mpv.setFlagAsync("pause", true)
    send(headers)
    // `replace` empties the playlist: a preloaded file goes too.
    mpv.commandAsync(["loadfile", url.absoluteString, "replace"])
  }

  /// The next file waits in mpv's playlist: with `keep-open=yes` mpv goes on to it at the end
  /// of the loaded one (and stays at the end when there is none). mpv sends one set of header
  /// fields for every file: the same server's cookie.
  public func preload(url: URL?, headers: [String: String]) {
    state.withLock { $0.preloaded = url }
    mpv.commandAsync(["playlist-clear"])
    guard let url else { return }
    send(headers)
    mpv.commandAsync(["loadfile", url.absoluteString, "append"])
  }

  /// A file-local option: mpv drops it when the next file starts. It cuts the decoded audio on
  /// that sample and goes on to the next file as at the file's end (checked with ao=pcm: no
  /// missing or repeated sample).
  public func endLoaded(at seconds: Double?) {
    mpv.commandAsync(["set", "file-local-options/end", seconds.map { String(format: "%.6f", $0) } ?? "none"])
  }

  private func send(_ headers: [String: String]) {
    mpv.commandAsync(["change-list", "http-header-fields", "clr", ""])
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      mpv.commandAsync(["change-list", "http-header-fields", "append", "\(name): \(value)"])
    }
  }

  public func play() {
    let now = clock.now()
    state.withLock { state in
      state.paused = false
      state.awaitingCommand = false
      state.recent = []
      if var position = state.position, !position.playing {
        position.at = now
        position.playing = true
        state.position = position
      }
    }
    mpv.setFlagAsync("pause", false)
  }

  public func pause() {
    let now = clock.now()
    state.withLock { state in
      state.paused = true
      state.recent = []
      if let position = state.position, position.playing {
        state.position = AudioPosition(
          seconds: position.extrapolated(to: now), at: now, rate: position.rate, playing: false)
      }
    }
    mpv.setFlagAsync("pause", true)
  }

  public func seek(to seconds: Double) {
    let target = max(0, seconds)
    let now = clock.now()
    state.withLock { state in
      state.ended = false
      state.seekingUntil = now + 1
      state.seekTarget = target
      state.awaitingCommand = false
      state.recent = []
      // mpv lands within a millisecond (design §9); assume it until the next reading.
      state.position = AudioPosition(seconds: target, at: now, rate: state.rate, playing: !state.paused)
    }
    mpv.commandAsync(["seek", String(format: "%.6f", target), "absolute+exact"])
  }

  /// mpv's `volume` is a percentage (100: unchanged).
  public func setVolume(_ volume: Double) {
    mpv.setDoubleAsync("volume", min(1, max(0, volume)) * 100)
  }

  /// Rates this close to 1 are a room's nudges, resampled: the pitch moves with them, 1.7 cents
  /// at 0.1 % (an in-step trim), 34 at 2 % (the fastest catch-up, for a moment). Further off
  /// the pitch is kept.
  static let resampledRates = 0.95...1.05

  public func setRate(_ rate: Double) {
    let stretching = !Self.resampledRates.contains(rate)
    let (changed, stretch) = state.withLock { state in
      defer {
        state.rate = rate
        state.stretching = stretching
      }
      return (state.rate != rate, stretching != state.stretching ? stretching : nil)
    }
    // The filter chain is rebuilt once (a jump of 10–20 ms) when a listener picks such a rate.
    if let stretch { mpv.setFlagAsync("audio-pitch-correction", stretch) }
    if changed { mpv.setDoubleAsync("speed", rate) }
  }

  /// mpv restarts playback (PLAYBACK_RESTART) after a paused seek too, its audio decoded.
  public var parksOnSeek: Bool { true }

  public func position() -> AudioPosition? {
    state.withLock { $0.position }
  }

  public func stop() {
    state.withLock { state in
      state.position = nil
      state.load = .none
      state.paused = true
      state.preloaded = nil
    }
    // `stop` empties the playlist too.
    mpv.commandAsync(["stop"])
  }

  /// Shuts mpv down (the event thread destroys it); waits up to two seconds.
  public func close() {
    let first = state.withLock { state in
      defer { state.closing = true }
      return !state.closing
    }
    guard first else { return }
    mpv.wakeUp()
    _ = finished.wait(timeout: .now() + 2)
  }

  /// A reading is stamped when this thread gets the event; when the machine is busy that is
  /// late, and a late stamp makes the player look behind (never ahead). So while playing on,
  /// a reading is raised to what the last two readings, carried forward, say — by at most
  /// 50 ms, so a real stall still shows after two readings.
  static func steadied(_ reading: AudioPosition, recent: [AudioPosition]) -> AudioPosition {
    guard reading.playing else { return reading }
    var steadied = reading
    for earlier in recent where earlier.playing {
      let carried = earlier.extrapolated(to: reading.at)
      if carried > steadied.seconds, carried - reading.seconds < 0.05 { steadied.seconds = carried }
    }
    return steadied
  }

  // MARK: Events (own thread)

  private func eventLoop() {
    while !state.withLock({ $0.closing }) {
      guard let event = mpv.waitEvent(timeout: 1) else { continue }
      let now = clock.now()
      switch event.pointee.event_id {
      case MPV_EVENT_SHUTDOWN:
        state.withLock { $0.closing = true }
      case MPV_EVENT_PROPERTY_CHANGE:
        guard let data = event.pointee.data else { break }
        propertyChanged(data.assumingMemoryBound(to: mpv_event_property.self).pointee, at: now)
      case MPV_EVENT_START_FILE:
        state.withLock { state in if state.load == .requested { state.load = .started } }
      case MPV_EVENT_FILE_LOADED:
        state.withLock { state in if state.load == .started { state.load = .loaded } }
      case MPV_EVENT_PLAYBACK_RESTART:
        if advanced(at: now) {
          continuation.yield(.advanced(duration: mpv.double("duration")))
          break
        }
        let (ready, parked) = state.withLock { state -> (Bool, Double?) in
          defer {
            if state.load == .loaded {
              state.load = .none
              state.awaitingCommand = true
            }
            state.seekingUntil = nil
          }
          let seekedPaused = state.load == .none && state.seekingUntil != nil && state.paused
          return (state.load == .loaded, seekedPaused ? state.seekTarget : nil)
        }
        if ready { continuation.yield(.ready(duration: mpv.double("duration"))) }
        if let parked { continuation.yield(.parked(parked)) }
      case MPV_EVENT_END_FILE:
        guard let data = event.pointee.data else { break }
        let end = data.assumingMemoryBound(to: mpv_event_end_file.self).pointee
        let failed = state.withLock { state in
          // The loaded file played out and there is a next one: mpv goes on to it.
          if end.reason == MPV_END_FILE_REASON_EOF, state.load == .none, state.preloaded != nil {
            state.load = .advancing
          }
          defer { if end.reason == MPV_END_FILE_REASON_ERROR { state.load = .none } }
          return end.reason == MPV_END_FILE_REASON_ERROR && state.load != .none
        }
        if failed { continuation.yield(.failed("cannot play: \(MPVHandle.describe(end.error))")) }
      default:
        break
      }
    }
    continuation.finish()
    mpv.terminateAndDestroy()
    finished.signal()
  }

  /// Whether this restart is the preloaded file starting where the last one ended: it then
  /// plays from its start.
  private func advanced(at now: Double) -> Bool {
    state.withLock { state in
      guard state.load == .advancing else { return false }
      state.load = .none
      state.preloaded = nil
      state.ended = false
      state.seekingUntil = nil
      state.recent = []
      state.position = AudioPosition(seconds: 0, at: now, rate: state.rate, playing: !state.paused)
      return true
    }
  }

  private func propertyChanged(_ property: mpv_event_property, at now: Double) {
    let name = String(cString: property.name)
    switch (name, property.format) {
    case ("time-pos", MPV_FORMAT_DOUBLE):
      guard let value = property.data?.assumingMemoryBound(to: Double.self).pointee else { return }
      let position = state.withLock { state -> AudioPosition? in
        // While paused the position is what `pause`/`seek` set: mpv's paused `time-pos` is off
        // (after a paused seek to 20 s it says 19.83, then resumes from 20).
        // At the end of the file mpv says `eof-reached` as soon as the decoder is done, and
        // `time-pos` jumps to the end while ~0.4 s of buffered audio still plays: ignored too.
        guard state.load == .none, !state.awaitingCommand, !state.paused, !state.ended else { return nil }
        if let until = state.seekingUntil, now < until { return nil }
        let raw = AudioPosition(seconds: value, at: now, rate: state.rate, playing: true)  // not paused, not ended
        let position = Self.steadied(raw, recent: state.recent)
        state.recent = Array((state.recent + [raw]).suffix(2))
        state.position = position
        // Near the end of a file mpv updates `time-pos` every half millisecond while it drains;
        // the session needs a reading every few dozen.
        guard now - state.lastReported >= Self.minimumReportInterval else { return nil }
        state.lastReported = now
        return position
      }
      if let position { continuation.yield(.position(position)) }
    case ("eof-reached", MPV_FORMAT_FLAG):
      state.withLock { $0.recent = [] }
      guard property.data?.assumingMemoryBound(to: Int32.self).pointee == 1 else { return }
      let wasPlaying = state.withLock { state in
        defer {
          state.ended = true
          if var position = state.position {
            position.playing = false
            state.position = position
          }
        }
        return !state.ended && state.load == .none
      }
      if wasPlaying { continuation.yield(.ended) }
    default:
      break
    }
  }
}
