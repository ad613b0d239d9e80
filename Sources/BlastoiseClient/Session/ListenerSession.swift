import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// A listener: the room socket, the clock sync, and a local `AudioOutput` kept on the room's
/// timeline (radio mode) — or the local library played on its own (library mode).
///
/// Radio: every room state says where the room is (`currentTimestamp` at `serverTime`); the
/// target position is `currentTimestamp + (serverNow − serverTime) / 1000` while playing, with
/// `serverNow` from the `ClockOffsetEstimator` fed by pings. A new track is loaded paused, then
/// started at the target; from then on every position reading goes through the
/// `DriftController` (nothing / rate nudge / seek). Room changes (pause, seek, jump) are
/// followed at once.
public actor ListenerSession {
  public struct Configuration: Sendable {
    public var drift = DriftController.Configuration()
    public var clockSync = ClockOffsetEstimator.Configuration()
    public var reconnect = ReconnectPolicy()
    /// How often `snapshots` gets a new value while something plays.
    public var snapshotInterval: Double = 0.25
    /// Seconds the sound leaves the speakers after the player says it plays (a Bluetooth
    /// speaker's delay, told by the listener): the player keeps that much ahead of the room.
    public var outputDelay: Double = 0
    /// How long a parking (`ListenerSession+Parking`) may go unanswered before the output seeks
    /// as it plays instead (at least three times what parkings took).
    public var parkingPatience: Double = 1
    /// Parkings learned to take longer than this (s) are not worth their silence: the output
    /// then seeks as it plays.
    public var longestParking: Double = 0.6
    public init() {}
  }

  public let api: BlastoiseAPI
  public let output: any AudioOutput
  public nonisolated let snapshots: AsyncStream<PlaybackSnapshot>
  public nonisolated let samples: AsyncStream<SyncSample>
  public internal(set) var snapshot = PlaybackSnapshot()

  let configuration: Configuration
  let clock: MonotonicClock
  let transport: any RoomSocketTransport
  private let snapshotContinuation: AsyncStream<PlaybackSnapshot>.Continuation
  let sampleContinuation: AsyncStream<SyncSample>.Continuation

  // Radio.
  var socket: RoomSocket?
  private var socketTask: Task<Void, Never>?
  private var pingTask: Task<Void, Never>?
  var estimator: ClockOffsetEstimator
  var lastPing: Double?
  /// The last `sync_report` sent: its state and when.
  var lastReport: (state: ListenerSyncState, at: Double)?
  var room: RoomState?
  var roomReceivedAt = 0.0
  var controller: DriftController
  var joinStartedAt: Double?

  // The output.
  struct Loaded: Equatable {
    var trackId: String
    var ready = false
  }
  var loaded: Loaded?
  /// The room's next track, waiting in the output behind the loaded one (gapless).
  var preloadedTrackID: String?
  /// The track the output finished when it went on to the preloaded one, until the room says so.
  var advancedFrom: String?
  /// Where the loaded track is cut for a jump a moment ahead (`cutOver`).
  var cutAt: Double?
  var outputPlaying = false
  /// A start on time under way (`ListenerSession+Parking`), and how long parking takes.
  var parking: Parking?
  var parkingTime = 0.1
  var lastPositionEvent = -Double.infinity
  private var outputTask: Task<Void, Never>?
  private var tickTask: Task<Void, Never>?

  // Library.
  var local: LocalQueue?
  var random = SystemRandomNumberGenerator()

  public init(
    api: BlastoiseAPI, output: any AudioOutput, transport: any RoomSocketTransport = DefaultSocketTransport.make(),
    configuration: Configuration = Configuration(), clock: MonotonicClock = .system
  ) {
    self.api = api
    self.output = output
    self.transport = transport
    self.configuration = configuration
    self.clock = clock
    estimator = ClockOffsetEstimator(configuration: configuration.clockSync)
    controller = DriftController(configuration: configuration.drift)
    (snapshots, snapshotContinuation) = AsyncStream.makeStream(
      of: PlaybackSnapshot.self, bufferingPolicy: .bufferingNewest(1))
    (samples, sampleContinuation) = AsyncStream.makeStream(of: SyncSample.self, bufferingPolicy: .bufferingNewest(256))
  }

  // MARK: Joining and leaving

  /// Joins a room (radio mode): `roomID`, else the default room, else the first. Checks who
  /// is signed in first (a guest may listen but not control). A private room one is not yet
  /// in is not listed: `invite` (its token, from the invite link) lets one in.
  @discardableResult
  public func join(roomID: String? = nil, invite: String? = nil) async throws(BlastoiseClientError) -> RoomInfo {
    startLoops()
    let auth = try await api.me()
    snapshot.user = auth.user
    snapshot.canControl = (auth.user?.permissions ?? auth.permissions).contains { $0.permission == "control" }
    let rooms = try await api.rooms()
    snapshot.rooms = rooms
    let chosen: RoomInfo?
    if let roomID, let invite, !rooms.contains(where: { $0.id == roomID }) {
      chosen = RoomInfo(invited: try await api.room(roomID, invite: invite))
    } else if let roomID {
      chosen = rooms.first { $0.id == roomID }
      guard chosen != nil else { throw .http(status: 404, message: "No room '\(roomID)'") }
    } else {
      chosen = rooms.first(where: \.isDefault) ?? rooms.first
    }
    guard let chosen else { throw .http(status: 404, message: "The server has no rooms") }
    await connect(to: chosen.id, invite: invite)
    return chosen
  }

  /// Moves to another room on the open socket (or joins it).
  public func switchRoom(to id: String) async {
    guard let socket, snapshot.sourceMode == .radio, (try? await socket.send(.switchRoom(id))) != nil else {
      await connect(to: id)
      return
    }
    joinStartedAt = clock.now()
    snapshot.joinToPlaying = nil
  }

  /// The output plays nothing and nothing is loaded.
  func unloadOutput() {
    output.stop()
    loaded = nil
    preloadedTrackID = nil
    cutAt = nil
    outputPlaying = false
    parking = nil
  }

  /// Loads `track` into the output; `.ready` starts it.
  func loadOutput(_ track: Track) {
    loaded = Loaded(trackId: track.id)
    preloadedTrackID = nil  // a load replaces whatever waited, and a cut
    cutAt = nil
    outputPlaying = false
    parking = nil
    output.load(url: api.trackURL(track.id), headers: api.requestHeaders)
    snapshot.status = "Loading \(track.title)"
  }

  /// Stops everything: the socket closes, the output unloads.
  public func stop() async {
    await leaveRadio()
    unloadOutput()
    tickTask?.cancel()
    outputTask?.cancel()
    tickTask = nil
    outputTask = nil
    snapshot.isPlaying = false
    snapshot.status = "Stopped"
    publish()
    snapshotContinuation.finish()
    sampleContinuation.finish()
  }

  func connect(to roomID: String, invite: String? = nil) async {
    await leaveRadio()
    snapshot.sourceMode = .radio
    snapshot.roomID = roomID
    local = nil
    room = nil
    joinStartedAt = clock.now()
    snapshot.joinToPlaying = nil
    let socket = RoomSocket(
      api: api, roomID: roomID, invite: invite, transport: transport, reconnect: configuration.reconnect)
    self.socket = socket
    socketTask = Task { [weak self] in
      for await event in socket.events { await self?.handle(event) }
    }
    await socket.start()
    pingTask = Task { [weak self] in
      while !Task.isCancelled {
        guard let delay = await self?.pingIfDue() else { return }
        try? await Task.sleep(for: .seconds(delay))
      }
    }
  }

  func leaveRadio() async {
    parking = nil  // before the wait: no start on time may begin meanwhile
    pingTask?.cancel()
    pingTask = nil
    socketTask?.cancel()
    socketTask = nil
    if let socket { await socket.stop() }
    socket = nil
    lastPing = nil
    snapshot.connection = .idle
  }

  /// Sends a clock ping when one is due; answers how long to wait before asking again.
  private func pingIfDue() async -> Double {
    guard let socket, await socket.isConnected else { return 0.1 }
    let now = clock.now()
    let wait = estimator.delayUntilNextPing(now: now, lastPing: lastPing)
    guard wait <= 0 else { return wait }
    lastPing = now
    try? await socket.sendPing(clock: clock)
    return max(0.01, estimator.delayUntilNextPing(now: clock.now(), lastPing: now))
  }

  // MARK: Loops

  func startLoops() {
    if outputTask == nil {
      let events = output.events
      outputTask = Task { [weak self] in
        for await event in events { await self?.handle(event) }
      }
    }
    if tickTask == nil {
      let interval = configuration.snapshotInterval
      tickTask = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(interval))
          await self?.tick()
        }
      }
    }
  }

  /// Refreshes the positions shown; with an output that reports no positions by itself, also
  /// runs the sync step from a polled reading.
  private func tick() {
    let now = clock.now()
    if snapshot.sourceMode == .radio, outputPlaying, now - lastPositionEvent > 0.5, let position = output.position() {
      syncStep(position, now: now)
    }
    refreshPositions(at: now)
    reportSyncIfDue(at: now)
    publish()
  }

  /// How this player stands with the room, as the room's `listenerSync` shows it.
  var syncState: ListenerSyncState {
    guard snapshot.sourceMode == .radio else { return .away }
    guard let room, room.track != nil, !room.paused else { return .inSync }
    return outputPlaying && loaded?.ready == true ? .inSync : .buffering
  }

  /// Tells the room (`sync_report`) when the state changed, and every 5 s with the drift.
  private func reportSyncIfDue(at now: Double) {
    guard let socket else { return }
    let state = syncState
    if let last = lastReport, last.state == state, now - last.at < 5 { return }
    lastReport = (state, now)
    let drift = state == .inSync ? snapshot.drift.map { ($0 * 10_000).rounded() / 10 } : nil
    Task { try? await socket.send(.syncReport(state, driftMs: drift)) }
  }

  func refreshPositions(at now: Double) {
    let position = output.position()
    snapshot.playerPosition = loaded?.ready == true ? position?.extrapolated(to: now) : nil
    snapshot.expectedPosition = snapshot.sourceMode == .radio ? target(at: now) : nil
    if let player = snapshot.playerPosition, let expected = snapshot.expectedPosition, outputPlaying,
      snapshot.sourceMode == .library || loaded?.trackId == room?.track?.id
    {
      snapshot.drift = player - expected
    } else {
      snapshot.drift = nil
    }
    snapshot.isPlaying = outputPlaying
    snapshot.rate = controller.rate
    if let estimate = estimator.estimate(at: now) {
      snapshot.clockOffset = estimate.offset(at: now)
      snapshot.clockUncertainty = estimate.uncertainty
    }
  }

  func publish() {
    snapshotContinuation.yield(snapshot)
  }

  // MARK: Output events

  private func handle(_ event: AudioOutputEvent) {
    switch event {
    case .ready:
      guard loaded != nil else { return }
      loaded?.ready = true
      if snapshot.sourceMode == .radio { startPlayback() } else { startLocalPlayback() }
    case .parked(let seconds):
      parked(at: seconds)
    case .position(let position):
      let now = clock.now()
      lastPositionEvent = now
      if snapshot.sourceMode == .radio, outputPlaying, loaded?.ready == true { syncStep(position, now: now) }
    case .advanced where snapshot.sourceMode == .radio && preloadedTrackID != nil:
      advancedToPreloaded()
    case .ended, .advanced:
      // In library mode a player that went on by itself is replaced by what the session plays
      // next.
      outputPlaying = false
      if snapshot.sourceMode == .library { localTrackEnded() } else { radioTrackEnded() }
    case .failed(let message):
      snapshot.log("player: \(message)")
      snapshot.status = "Player error: \(message)"
      let failed = loaded?.trackId
      loaded = nil
      outputPlaying = false
      parking = nil
      // Try again a little later (a server restarting, a network blip).
      Task { [weak self] in
        try? await Task.sleep(for: .seconds(2))
        await self?.retryLoad(failed)
      }
    }
    publish()
  }

  private func retryLoad(_ trackId: String?) {
    guard loaded == nil, let trackId else { return }
    if snapshot.sourceMode == .radio, room?.track?.id == trackId, let room {
      apply(room, receivedAt: roomReceivedAt)
    } else if snapshot.sourceMode == .library, local?.current?.id == trackId {
      loadLocal()
    }
  }
}
