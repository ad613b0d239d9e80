import BlastoiseClient
import BlastoiseProtocol
import Foundation

/// The native half of the bridge (`docs/native-bridge.md`): takes the page's messages (from the
/// server's own origin only), drives the player, tells the page what the player does, writes
/// spoken-word positions itself, and follows a room with a `ListenerSession` on the same player
/// while the page may be asleep. The Apple app and `blastoise bridge-host` are thin over it.
public actor BridgeHost {
  public nonisolated let origin: BridgeOrigin
  /// What the lock screen shows (the Apple half copies it after each `changes` tick).
  public private(set) var nowPlaying = NowPlaying()
  /// A new value after each change of `nowPlaying`.
  public nonisolated let changes: AsyncStream<NowPlaying>

  let output: any AudioOutput
  let api: BlastoiseAPI
  let send: @Sendable (HostMessage) -> Void
  let clock: MonotonicClock
  /// Milliseconds since 1970, for `time`'s `hostTime` and the progress writes' `at`.
  let wallClock: @Sendable () -> Int64
  private let changesContinuation: AsyncStream<NowPlaying>.Continuation

  private var ready = false
  private var loaded: LoadRequest?
  /// Loaded and not yet `.ready`: a player starts a file paused, so a play or seek the page sent
  /// meanwhile (it plays right after loading) waits for it.
  private var loading = false
  private var pendingSeek: Double?
  private var playing = false
  private var lastTimeSent = -Double.infinity
  private var events: Task<Void, Never>?
  private var saver: Task<Void, Never>?
  private var following: Following?

  /// How often a spoken-word position is written while playing, and `time` sent at most.
  public static let saveInterval = 15.0
  static let timeInterval = 0.25

  private struct Following {
    let session: ListenerSession
    let relay: RelayedOutput
    let snapshots: Task<Void, Never>
  }

  public init(
    origin: BridgeOrigin, output: any AudioOutput, api: BlastoiseAPI, clock: MonotonicClock = .system,
    wallClock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) },
    send: @escaping @Sendable (HostMessage) -> Void
  ) {
    self.origin = origin
    self.output = output
    self.api = api
    self.clock = clock
    self.wallClock = wallClock
    self.send = send
    (changes, changesContinuation) = AsyncStream.makeStream(of: NowPlaying.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Starts reading the player's events (once).
  public func start() {
    guard events == nil else { return }
    events = Task { [weak self, output] in
      for await event in output.events { await self?.heard(event) }
    }
  }

  /// The shell is closing: the position is written, the room left, the player stopped.
  public func shutDown() async {
    await saveProgress(finished: false)
    await leaveRoom()
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
    do {
      try await handle(try PageMessage(json: data))
    } catch {
      send(.error(error.message))
    }
  }

  public func handle(_ message: PageMessage) async throws(BridgeError) {
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
    case .leaveRoom: await leaveRoom()
    case .save(let finished): await saveProgress(finished: finished)
    default:
      // While following a room the player keeps to the room; the page's own controls go to
      // the room over its socket.
      guard following == nil else { throw BridgeError("The player follows the room; leave it first") }
      try await control(message)
    }
  }

  private func control(_ message: PageMessage) async throws(BridgeError) {
    switch message {
    case .load(let request): try await load(request)
    case .play:
      guard loaded != nil else { throw BridgeError("Nothing is loaded") }
      if !loading { output.play() }
      setPlaying(true)
    case .pause:
      if !loading { output.pause() }
      setPlaying(false)
      await saveProgress(finished: false)
    case .stop:
      await saveProgress(finished: false)
      output.stop()
      loaded = nil
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
    case .ready, .save, .followRoom, .leaveRoom: break
    }
  }

  private func load(_ request: LoadRequest) async throws(BridgeError) {
    guard ["http", "https"].contains(request.url.scheme?.lowercased()) else {
      throw BridgeError("Only http and https addresses play")
    }
    if loaded != nil { await saveProgress(finished: false) }
    loaded = request
    loading = true
    pendingSeek = nil
    setPlaying(false)
    nowPlaying.loaded(request, at: clock.now())
    changesContinuation.yield(nowPlaying)
    output.load(url: request.url, headers: origin.headers(for: request.url, session: api.requestHeaders))
    if let rate = request.rate { output.setRate(rate) }
    if let volume = request.volume { output.setVolume(volume) }
  }

  private func setPlaying(_ playing: Bool) {
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

  private func heard(_ event: AudioOutputEvent) {
    // Following a room, the session reads the player and the page hears the room (`followed`).
    if let following {
      following.relay.relay(event)
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
    case .failed(let message):
      loading = false
      setPlaying(false)
      send(.error(message))
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

  // MARK: Rooms

  private func follow(_ roomID: String, invite: String?) async throws(BridgeError) {
    if let following {
      if await following.session.snapshot.roomID == roomID { return }
      await leaveRoom()
    }
    await saveProgress(finished: false)
    loaded = nil
    loading = false
    setPlaying(false)
    let relay = RelayedOutput(output)
    let session = ListenerSession(api: api, output: relay, clock: clock)
    let snapshots = Task { [weak self] in
      for await snapshot in session.snapshots { await self?.followed(snapshot) }
    }
    following = Following(session: session, relay: relay, snapshots: snapshots)
    do {
      _ = try await session.join(roomID: roomID, invite: invite)
    } catch {
      await leaveRoom()
      throw BridgeError("Could not join the room: \(error)")
    }
  }

  /// The room's state as the host's session sees it: to the page, and to the lock screen.
  private func followed(_ snapshot: PlaybackSnapshot) {
    send(.room(RoomFollowing(snapshot)))
    var shown = nowPlaying
    if let track = snapshot.track {
      shown.title = track.title
      shown.artist = track.artist
      shown.album = track.album
      shown.duration = track.duration
      shown.artwork = track.coverID.map { api.url("/api/covers/\($0)?size=512&format=jpeg") }
    }
    shown.kind = .music
    shown.playing = snapshot.isPlaying
    shown.elapsed = snapshot.playerPosition ?? shown.elapsed
    shown.elapsedAt = clock.now()
    if shown != nowPlaying {
      nowPlaying = shown
      changesContinuation.yield(nowPlaying)
    }
  }

  private func leaveRoom() async {
    guard let following else { return }
    self.following = nil
    await following.session.stop()
    following.relay.finish()
    following.snapshots.cancel()
    setPlaying(false)
  }

  // MARK: Lock screen and car

  /// A remote command: to the player, the room or the page (`RemoteIntent`).
  public func remote(_ command: RemoteCommand) async {
    let position = output.position()?.extrapolated(to: clock.now()) ?? 0
    let canControl = await following?.session.snapshot.canControl ?? false
    let intent = RemoteIntent.of(
      command, playing: nowPlaying.playing, position: position, duration: nowPlaying.duration, inRoom: following != nil,
      canControl: canControl)
    switch intent {
    case .player(let message): try? await control(message)
    case .page(let name): send(.command(name))
    case .room(let action):
      guard let session = following?.session else { return }
      switch action {
      case .pause: await session.pause()
      case .resume: await session.resume()
      case .next: await session.next()
      case .previous: await session.previous()
      case .seek(let seconds): await session.seek(to: seconds)
      }
    case .nothing: break
    }
  }
}

extension RoomFollowing {
  init(_ snapshot: PlaybackSnapshot) {
    let connection: String
    switch snapshot.connection {
    case .idle, .connecting: connection = "connecting"
    case .connected: connection = "connected"
    case .reconnecting: connection = "reconnecting"
    case .closed: connection = "closed"
    }
    self.init(
      roomID: snapshot.roomID, trackID: snapshot.track?.id, currentIndex: snapshot.currentIndex,
      paused: snapshot.paused,
      playing: snapshot.isPlaying, roomPosition: snapshot.expectedPosition, playerPosition: snapshot.playerPosition,
      driftMs: snapshot.drift.map { $0 * 1000 }, connection: connection, status: snapshot.status)
  }
}
