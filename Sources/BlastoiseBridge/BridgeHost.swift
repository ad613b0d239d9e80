import BlastoiseClient
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// The native half of the bridge (`docs/native-bridge.md`): takes the page's messages (from the
/// server's own origin only), drives the player, tells the page what the player does, writes
/// spoken-word positions itself, and follows a room with a `ListenerSession` on the same player
/// while the page may be asleep. The Apple app and `blastoise bridge-host` are thin over it.
public actor BridgeHost {
  public nonisolated let origin: BridgeOrigin
  /// What the lock screen shows (the Apple half copies it after each `changes` tick).
  public internal(set) var nowPlaying = NowPlaying()
  /// A new value after each change of `nowPlaying`.
  public nonisolated let changes: AsyncStream<NowPlaying>

  let output: any AudioOutput
  let api: BlastoiseAPI
  /// The phone's photo backup, when the app has one.
  let backup: (any PhoneBackup)?
  let send: @Sendable (HostMessage) -> Void
  let clock: MonotonicClock
  /// Milliseconds since 1970, for `time`'s `hostTime` and the progress writes' `at`.
  let wallClock: @Sendable () -> Int64
  let changesContinuation: AsyncStream<NowPlaying>.Continuation
  /// The page's messages, the car's choices, remote buttons and the player's events, one at a
  /// time: each may await (a write, a socket), and none may start before the last is done — a
  /// `play` must not act on the file a `load` is still replacing.
  let inputs = AsyncGate()

  var ready = false
  var loaded: LoadRequest?
  /// Loaded and not yet `.ready`: a player starts a file paused, so a play or seek the page sent
  /// meanwhile (it plays right after loading) waits for it.
  var loading = false
  var pendingSeek: Double?
  /// What the page said plays next (`preload`): the player goes on to it by itself.
  var next: LoadRequest?
  /// The file the player went on to by itself: the page's `load` of it, when the page hears the
  /// last one ended, takes it as it plays.
  var advancedTo: URL?
  var playing = false
  private var lastTimeSent = -Double.infinity
  private var events: Task<Void, Never>?
  private var saver: Task<Void, Never>?
  var session: HostSession?
  /// A book or episode a car chose, played file after file by the host itself.
  var carItem: CarItem?

  /// How often a spoken-word position is written while playing, and `time` sent at most.
  public static let saveInterval = 15.0
  static let timeInterval = 0.25

  public init(
    origin: BridgeOrigin, output: any AudioOutput, api: BlastoiseAPI, backup: (any PhoneBackup)? = nil,
    clock: MonotonicClock = .system,
    wallClock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) },
    send: @escaping @Sendable (HostMessage) -> Void
  ) {
    self.origin = origin
    self.output = output
    self.api = api
    self.backup = backup
    self.clock = clock
    self.wallClock = wallClock
    self.send = send
    (changes, changesContinuation) = AsyncStream.makeStream(of: NowPlaying.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Starts reading the player's events (once).
  public func start() {
    guard events == nil else { return }
    events = Task { [weak self, output] in
      for await event in output.events {
        guard let self else { return }
        await self.inputs.lock()
        await self.heard(event)
        self.inputs.unlock()
      }
    }
  }

  /// The shell is closing: the position is written, the room left, the player stopped.
  public func shutDown() async {
    await inputs.lock()
    defer { inputs.unlock() }
    await saveProgress(finished: false)
    await endSession()
    output.stop()
    events?.cancel()
    saver?.cancel()
    changesContinuation.finish()
  }

  // MARK: The page's messages

  /// A message the page posted; `frameOrigin` is the posting frame's origin as the web view
  /// reports it. Anything from elsewhere is dropped unanswered; a message the host cannot take
  /// is answered with an `error`.
  public func receive(_ data: Data, from frameOrigin: String) async {
    guard origin.accepts(origin: frameOrigin) else { return }
    await inputs.lock()
    defer { inputs.unlock() }
    do {
      try await apply(try PageMessage(json: data))
    } catch {
      send(.error(error.message))
    }
  }

  private func apply(_ message: PageMessage) async throws(BridgeError) {
    if case .ready(let version, let rate, let volume) = message {
      guard version == PageMessage.version else {
        throw BridgeError("This app speaks bridge version \(PageMessage.version), the page \(version)")
      }
      ready = true
      output.setRate(rate)
      output.setVolume(volume)
      return
    }
    guard ready else { throw BridgeError("The page has not said \"ready\"") }
    switch message {
    case .ready: break
    case .followRoom(let roomID, let invite): try await follow(roomID, invite: invite)
    case .leaveRoom: await endSession()
    case .save(let finished): await saveProgress(finished: finished)
    case .backup(let choice): try await chooseBackup(choice)
    case .backupStatus: await reportBackup()
    default:
      // While following a room the player keeps to the room; the page's own controls go to
      // the room over its socket. A car's list gives the player back to the page.
      if let current = session {
        guard await current.session.snapshot.sourceMode == .library else {
          throw BridgeError("The player follows the room; leave it first")
        }
        await endSession()
      }
      try await control(message)
    }
  }

  func control(_ message: PageMessage) async throws(BridgeError) {
    // Only the page's next `load` after the player went on by itself takes that file as it
    // plays; after anything else, a load of it is a load.
    if case .load = message {} else { advancedTo = nil }
    switch message {
    case .load(let request):
      carItem = nil
      try await load(request)
    case .preload(let request):
      guard loaded != nil else { throw BridgeError("Nothing is loaded") }
      if let request { try Self.checkPlayable(request.url) }
      preload(request)
    case .play:
      guard loaded != nil else { throw BridgeError("Nothing is loaded") }
      if !loading { output.play() }
      setPlaying(true)
    case .pause:
      if !loading { output.pause() }
      // Where it stopped, before it says so: the page's clock holds there, not at the last reading.
      sendTime(force: true)
      setPlaying(false)
      await saveProgress(finished: false)
    case .stop:
      await saveProgress(finished: false)
      output.stop()
      loaded = nil
      next = nil
      advancedTo = nil
      loading = false
      setPlaying(false)
      nowPlaying = NowPlaying()
      changesContinuation.yield(nowPlaying)
    case .seek(let seconds):
      guard loaded != nil else { throw BridgeError("Nothing is loaded") }
      if loading { pendingSeek = seconds } else { output.seek(to: seconds) }
      nowPlaying.elapsed = seconds
      nowPlaying.elapsedAt = clock.now()
      changesContinuation.yield(nowPlaying)
      send(.seeked)
      sendTime(force: true)
      await saveProgress(finished: false)
    case .rate(let rate):
      output.setRate(rate)
      nowPlaying.rate = rate
      changesContinuation.yield(nowPlaying)
    case .volume(let volume): output.setVolume(volume)
    case .ready, .save, .followRoom, .leaveRoom, .backup, .backupStatus: break
    }
  }

  static func checkPlayable(_ url: URL) throws(BridgeError) {
    guard ["http", "https"].contains(url.scheme?.lowercased()) else {
      throw BridgeError("Only http and https addresses play")
    }
  }

  func load(_ request: LoadRequest) async throws(BridgeError) {
    try Self.checkPlayable(request.url)
    if advancedTo == request.url {
      adopt(request)
      return
    }
    if loaded != nil { await saveProgress(finished: false) }
    loaded = request
    next = nil
    advancedTo = nil
    loading = true
    pendingSeek = nil
    setPlaying(false)
    nowPlaying.loaded(request, at: clock.now())
    changesContinuation.yield(nowPlaying)
    output.load(url: request.url, headers: origin.headers(for: request.url, session: api.requestHeaders))
    if let rate = request.rate { output.setRate(rate) }
    if let volume = request.volume { output.setVolume(volume) }
  }

  func preload(_ request: LoadRequest?) {
    next = request
    let headers = request.map { origin.headers(for: $0.url, session: api.requestHeaders) } ?? [:]
    output.preload(url: request?.url, headers: headers)
  }

  /// The page loads the file the player already went on to: it plays on where it is, with what
  /// the page says about it now.
  private func adopt(_ request: LoadRequest) {
    advancedTo = nil
    let duration = nowPlaying.duration
    loaded = request
    nowPlaying.loaded(request, at: clock.now())
    nowPlaying.duration = duration ?? request.duration
    nowPlaying.playing = playing
    if let position = output.position() {
      nowPlaying.elapsed = position.seconds
      nowPlaying.elapsedAt = position.at
    }
    changesContinuation.yield(nowPlaying)
    if let rate = request.rate { output.setRate(rate) }
    if let volume = request.volume { output.setVolume(volume) }
    send(.meta(duration: nowPlaying.duration))
    sendTime(force: true)
    send(.state(playing: playing))
  }

  func setPlaying(_ playing: Bool) {
    guard playing != self.playing else { return }
    self.playing = playing
    nowPlaying.playing = playing
    if let position = output.position() {
      nowPlaying.elapsed = position.extrapolated(to: clock.now())
      nowPlaying.elapsedAt = clock.now()
    }
    changesContinuation.yield(nowPlaying)
    send(.state(playing: playing))
    saver?.cancel()
    saver = nil
    guard playing, loaded?.progress != nil else { return }
    saver = Task { [weak self] in
      while !Task.isCancelled {
        do { try await Task.sleep(for: .seconds(Self.saveInterval)) } catch { return }
        await self?.saveProgress(finished: false)
      }
    }
  }

  // MARK: The player's events

  private func heard(_ event: AudioOutputEvent) async {
    // With a session (a room, a car's list) the session reads the player (`heardSession`).
    if let session {
      session.relay.relay(event)
      return
    }
    switch event {
    case .ready(let duration):
      if loading {
        loading = false
        if let pendingSeek { output.seek(to: pendingSeek) }
        pendingSeek = nil
        if playing { output.play() }
      }
      if let duration { nowPlaying.duration = duration }
      changesContinuation.yield(nowPlaying)
      send(.meta(duration: nowPlaying.duration))
    case .position(let position):
      nowPlaying.elapsed = position.seconds
      nowPlaying.elapsedAt = position.at
      nowPlaying.rate = position.rate
      sendTime(force: false)
    case .ended:
      setPlaying(false)
      send(.ended)
      if carItem != nil {
        await carItemEnded()
      } else {
        // A sleeping page says `finished` only when it wakes: the end is written now.
        await saveProgress(finished: false)
      }
    case .advanced(let duration):
      guard let upcoming = next else { return }
      next = nil
      loaded = upcoming
      advancedTo = upcoming.url
      nowPlaying.loaded(upcoming, at: clock.now())
      nowPlaying.playing = playing
      if let duration { nowPlaying.duration = duration }
      changesContinuation.yield(nowPlaying)
      // The page moves on to its next item, a load of this file, which plays on (`adopt`).
      send(.ended)
      await saveProgress(finished: false)
    case .failed(let message):
      loading = false
      setPlaying(false)
      send(.error(message))
    case .parked:
      break  // only a session starts a player when it is parked
    }
  }

  /// `time`, at most every `timeInterval` unless `force`.
  private func sendTime(force: Bool) {
    let now = clock.now()
    guard force || now - lastTimeSent >= Self.timeInterval, let position = output.position() else { return }
    lastTimeSent = now
    let hostTime = wallClock() - Int64(((now - position.at) * 1000).rounded())
    send(.time(current: position.seconds, duration: nowPlaying.duration, hostTime: hostTime))
  }

  // MARK: Spoken word

  /// Writes where the player is now, for the loaded episode or book (nothing for music).
  func saveProgress(finished: Bool) async {
    guard let target = loaded?.progress, let position = output.position() else { return }
    let seconds = position.extrapolated(to: clock.now())
    let report = target.report(at: seconds, wallTime: wallClock(), finished: finished)
    do {
      _ = try await api.report(report, target.kind, target.id)
    } catch {
      send(.error("Could not save where you are: \(error)"))
    }
  }
}
