import BlastoiseClient
import Foundation
import Synchronization

/// A player for session tests: it "plays" on the monotonic clock, becomes ready 20 ms after a
/// load, reports its position every 50 ms while playing, and records what it was asked. With
/// `parkingTime`, it parks (`parksOnSeek`): a seek while paused says `.parked` that much later.
final class FakeAudioOutput: AudioOutput, @unchecked Sendable {
  struct State {
    var loads: [(url: URL, headers: [String: String])] = []
    /// What `preload` was told, in order (nil: nothing waits).
    var preloads: [URL?] = []
    var seeks: [Double] = []
    var playing = false
    var position = 0.0
    var at = 0.0
    var rate = 1.0
    var volume = 1.0
    var loaded = false
    /// What the "platform" says its route adds (`outputLatency`).
    var outputLatency = 0.0
    var parkingTime: Double?
    /// Where the fake was each time it was told to play, and when by the wall clock.
    var plays: [Play] = []
    /// Where the fake said it was parked (`.parked`), and how often it was paused.
    var parked: [Double] = []
    var pauses = 0
  }

  /// A `play`: where the fake was, whether it had said it was parked there, and how many seeks
  /// and pauses came before.
  struct Play {
    var position: Double
    var fromParked: Bool
    var seeks: Int
    var pauses: Int
  }

  let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  let state = Mutex(State())
  private let clock = MonotonicClock.system
  private var ticker: Task<Void, Never>?

  init() {
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
    let continuation = continuation
    let clock = clock
    ticker = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(50))
        let now = clock.now()
        guard let self else { return }
        let reading = self.state.withLock { state -> AudioPosition? in
          guard state.loaded, state.playing else { return nil }
          state.position += state.rate * (now - state.at)
          state.at = now
          return AudioPosition(seconds: state.position, at: now, rate: state.rate, playing: true)
        }
        if let reading { continuation.yield(.position(reading)) }
      }
    }
  }

  deinit { ticker?.cancel() }

  var loads: [(url: URL, headers: [String: String])] { state.withLock { $0.loads } }
  var seeks: [Double] { state.withLock { $0.seeks } }
  var isPlaying: Bool { state.withLock { $0.playing } }

  /// Where the fake is now.
  var now: Double {
    let time = clock.now()
    return state.withLock { $0.playing ? $0.position + $0.rate * (time - $0.at) : $0.position }
  }

  func load(url: URL, headers: [String: String]) {
    state.withLock { state in
      state.loads.append((url, headers))
      state.loaded = false
      state.playing = false
      state.position = 0
      state.at = clock.now()
    }
    let continuation = continuation
    Task { [weak self] in
      try? await Task.sleep(for: .milliseconds(20))
      self?.state.withLock { $0.loaded = true }
      continuation.yield(.ready(duration: nil))
    }
  }

  var preloads: [URL?] { state.withLock { $0.preloads } }

  func preload(url: URL?, headers: [String: String]) { state.withLock { $0.preloads.append(url) } }

  /// Goes on to the preloaded file as a player does at the end of its file: from its start,
  /// playing on, no load.
  func advance() {
    let now = clock.now()
    let went = state.withLock { state -> Bool in
      guard state.preloads.last ?? nil != nil else { return false }
      state.preloads.append(nil)
      state.position = 0
      state.at = now
      return true
    }
    if went { continuation.yield(.advanced(duration: nil)) }
  }

  func play() {
    let now = clock.now()
    state.withLock { state in
      if !state.playing { state.at = now }
      state.playing = true
      let parked = state.parked.contains(state.position)
      let play = Play(position: state.position, fromParked: parked, seeks: state.seeks.count, pauses: state.pauses)
      state.plays.append(play)
    }
  }

  func pause() {
    let now = clock.now()
    state.withLock { state in
      state.pauses += 1
      if state.playing { state.position += state.rate * (now - state.at) }
      state.at = now
      state.playing = false
    }
  }

  func seek(to seconds: Double) {
    let now = clock.now()
    let parking = state.withLock { state in
      state.seeks.append(seconds)
      state.position = seconds
      state.at = now
      return state.playing ? nil : state.parkingTime
    }
    guard let parking else { return }
    let continuation = continuation
    Task { [weak self] in
      try? await Task.sleep(for: .seconds(parking))
      self?.state.withLock { $0.parked.append(seconds) }
      continuation.yield(.parked(seconds))
    }
  }

  func setRate(_ rate: Double) {
    let now = clock.now()
    state.withLock { state in
      if state.playing { state.position += state.rate * (now - state.at) }
      state.at = now
      state.rate = rate
    }
  }

  func setVolume(_ volume: Double) { state.withLock { $0.volume = volume } }

  func position() -> AudioPosition? {
    state.withLock { state in
      state.loaded
        ? AudioPosition(seconds: state.position, at: state.at, rate: state.rate, playing: state.playing) : nil
    }
  }

  func stop() {
    state.withLock { state in
      state.loaded = false
      state.playing = false
    }
  }

  var outputLatency: Double { state.withLock { $0.outputLatency } }
  var parksOnSeek: Bool { state.withLock { $0.parkingTime != nil } }
  var plays: [Play] { state.withLock { $0.plays } }

  func end() { continuation.yield(.ended) }
}

/// Polls `condition` (without blocking the pool) until it holds.
func eventually(
  timeout: Double = 60, _ what: String = "condition", _ condition: @Sendable () async throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(timeout)
  while ContinuousClock.now < deadline {
    if try await condition() { return }
    try await Task.sleep(for: .milliseconds(10))
  }
  throw TestFailure("\(what) did not happen within \(timeout) s")
}
