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
    /// Where the loaded file ends (`endLoaded`), and what it was told, in order.
    var cut: Double?
    var cuts: [Cut] = []
    /// The file it plays: the last loaded, or the preloaded one it went on to.
    var file: URL?
    var seeks: [Double] = []
    var isPlaying = false
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

  /// An `endLoaded`: where the file is to end, and where the fake was when told, by the wall clock.
  struct Cut {
    var seconds: Double?
    var position: Double
    var wallTime: Double
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
          guard state.loaded, state.isPlaying else { return nil }
          state.position += state.rate * (now - state.at)
          state.at = now
          return AudioPosition(seconds: state.position, at: now, rate: state.rate, playing: true)
        }
        if let reading { continuation.yield(.position(reading)) }
        self.goOnAtTheCut()
      }
    }
  }

  deinit { ticker?.cancel() }

  var loads: [(url: URL, headers: [String: String])] { state.withLock { $0.loads } }
  var seeks: [Double] { state.withLock { $0.seeks } }
  var isPlaying: Bool { state.withLock { $0.isPlaying } }
  var file: URL? { state.withLock { $0.file } }
  var cuts: [Cut] { state.withLock { $0.cuts } }

  /// Where the fake is now.
  var now: Double {
    let time = clock.now()
    return state.withLock { $0.isPlaying ? $0.position + $0.rate * (time - $0.at) : $0.position }
  }

  func load(url: URL, headers: [String: String]) {
    state.withLock { state in
      state.loads.append((url, headers))
      state.file = url
      state.cut = nil
      state.loaded = false
      state.isPlaying = false
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
      guard let next = state.preloads.last ?? nil else { return false }
      state.preloads.append(nil)
      state.file = next
      state.cut = nil
      state.position = 0
      state.at = now
      return true
    }
    if went { continuation.yield(.advanced(duration: nil)) }
  }

  func endLoaded(at seconds: Double?) {
    let now = clock.now()
    let wallTime = Date().timeIntervalSince1970
    state.withLock { state in
      let position = state.isPlaying ? state.position + state.rate * (now - state.at) : state.position
      state.cut = seconds
      state.cuts.append(Cut(seconds: seconds, position: position, wallTime: wallTime))
    }
  }

  /// Past its cut (`endLoaded`) it goes on to the preloaded file as at the file's end, the
  /// overshoot already into it (a real player cuts on the sample).
  private func goOnAtTheCut() {
    let now = clock.now()
    let went = state.withLock { state -> Bool in
      guard state.isPlaying, let cut = state.cut, let next = state.preloads.last ?? nil else { return false }
      let position = state.position + state.rate * (now - state.at)
      guard position >= cut else { return false }
      state.preloads.append(nil)
      state.file = next
      state.cut = nil
      state.position = position - cut
      state.at = now
      return true
    }
    if went { continuation.yield(.advanced(duration: nil)) }
  }

  func play() {
    let now = clock.now()
    state.withLock { state in
      if !state.isPlaying { state.at = now }
      state.isPlaying = true
      let parked = state.parked.contains(state.position)
      let play = Play(position: state.position, fromParked: parked, seeks: state.seeks.count, pauses: state.pauses)
      state.plays.append(play)
    }
  }

  func pause() {
    let now = clock.now()
    state.withLock { state in
      state.pauses += 1
      if state.isPlaying { state.position += state.rate * (now - state.at) }
      state.at = now
      state.isPlaying = false
    }
  }

  func seek(to seconds: Double) {
    let now = clock.now()
    let parking = state.withLock { state in
      state.seeks.append(seconds)
      state.position = seconds
      state.at = now
      return state.isPlaying ? nil : state.parkingTime
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
      if state.isPlaying { state.position += state.rate * (now - state.at) }
      state.at = now
      state.rate = rate
    }
  }

  func setVolume(_ volume: Double) { state.withLock { $0.volume = volume } }

  func position() -> AudioPosition? {
    state.withLock { state in
      state.loaded
        ? AudioPosition(seconds: state.position, at: state.at, rate: state.rate, playing: state.isPlaying) : nil
    }
  }

  func stop() {
    state.withLock { state in
      state.cut = nil
      state.loaded = false
      state.isPlaying = false
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
