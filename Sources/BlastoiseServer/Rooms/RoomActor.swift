import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// One live room: its clock and queue, its listeners, and the one timer that wakes at the next
/// track boundary. Every change settles, applies, persists, then broadcasts.
actor RoomActor {
  var room: Room
  private(set) var listeners: [UInt64: RoomListener] = [:]
  /// Apps in the room without a socket (the Subsonic API's listen-together: `RoomVisits`), by
  /// the key the directory gives each; they count, hear and vote as listeners do.
  private(set) var visitors: [String: Principal] = [:]
  /// Listeners of this room on the other nodes, as they last said (`RoomDirectory+Listeners.swift`).
  private var listenersElsewhere = 0
  private var boundaryTimer: Task<Void, Never>?
  private var refreshTimer: Task<Void, Never>?
  private var listenersBroadcast: Task<Void, Never>?
  /// Changes wait for their write one at a time: the actor runs other calls meanwhile, so
  /// without this two changes could start from the same state and one would be lost.
  let commits = AsyncGate()
  let store: any RoomStore
  let catalog: TrackCatalog
  let clock: any WallClock
  /// How far ahead a jump starts its track (`RoomClock.jumping`).
  let jumpLead: Double
  /// Plays counted for the people listening (`RoomActor+Plays.swift`).
  var plays: RoomPlays
  /// Their spoken word progress moved along with the room (`RoomActor+Progress.swift`).
  var progress: RoomProgress
  /// The room's chat (`RoomActor+Chat.swift`).
  var chat: RoomChat
  /// Who was taken out of the room, for a while (`RoomActor+Removals.swift`).
  var removals = RoomRemovals()
  /// Votes to skip the playing entry from this node's listeners (`RoomActor+Votes.swift`).
  var skipVotes = SkipVotes()
  /// Who is in the room on the other nodes, and what this node last told them
  /// (`RoomActor+Roster.swift`).
  var rosters = RoomRosters()
  var sentRoster: RoomRoster?
  var rosterNotice: Task<Void, Never>?
  /// The latest activity (`RoomActor+Votes.swift`), here or on another node.
  var lastActivity: RoomLastActivity?
  /// What the room list shows of this room changed: its listeners, or what plays.
  let onCardChanged: @Sendable () -> Void
  /// Other nodes sharing the store, if any (`RoomActor+Nodes.swift`).
  let sharing: RoomSharing
  /// Whether this node writes the room's track-boundary crossings: always when it is alone,
  /// else while it holds the room's lock.
  var isOwner: Bool

  /// A full state (with `queue`) is sent this often while anyone listens.
  static let refreshInterval = 30.0

  init(
    record: RoomRecord, store: any RoomStore, catalog: TrackCatalog, clock: any WallClock,
    keeping: RoomKeeping = RoomKeeping(), sharing: RoomSharing = .alone, jumpLead: Double = RoomClock.jumpLead,
    onCardChanged: @escaping @Sendable () -> Void
  ) {
    self.jumpLead = jumpLead
    room = Room(record: record)
    plays = RoomPlays(annotations: keeping.annotations)
    progress = RoomProgress(store: keeping.progress)
    chat = RoomChat(store: keeping.chat)
    self.store = store
    self.catalog = catalog
    self.clock = clock
    self.sharing = sharing
    isOwner = !sharing.isShared
    self.onCardChanged = onCardChanged
  }

  var id: String { room.record.id }
  var record: RoomRecord { room.record }

  func info() -> RoomInfo {
    room.info(at: clock.now(), tracks: catalog.track, listeners: listenerNames, listenerCount: listenerCount)
  }

  /// Every node's listeners.
  private var listenerCount: Int { listeners.count + visitors.count + listenersElsewhere }

  /// Who is here on this node: on sockets, and visiting apps.
  var present: [Principal] { listeners.values.map(\.principal) + visitors.values }

  /// Who hears the room on this node: sockets that say they do, and visiting apps.
  var hearing: [Principal] { listeners.values.filter(\.hearing).map(\.principal) + visitors.values }

  /// `viewer`'s `canControl` is in the state when given.
  func state(includeQueue: Bool, viewer: Principal? = nil) -> RoomState {
    var state = room.state(
      at: clock.now(), tracks: catalog.track, listeners: listenerNames, listenerCount: listenerCount,
      includeQueue: includeQueue, viewer: viewer)
    state.listenerSync = listenerSync
    return state
  }

  /// Listeners' last reports here and on the other nodes, by name (at most 100: a big room's
  /// state stays small).
  private var listenerSync: [ListenerSync]? {
    let here = listeners.values.compactMap(\.sync)
    let reports = (here + rosters.people(at: RoomDirectory.uptime()).compactMap(\.sync)).sorted {
      ($0.name, $0.state.rawValue) < ($1.name, $1.state.rawValue)
    }
    return reports.isEmpty ? nil : Array(reports.prefix(100))
  }

  /// `{ action: "sync_report" }`: kept for the next state; a change of state (not of drift alone)
  /// goes out to everyone at once, so a host sees who fell out of step (on the other nodes with
  /// the next listener update; a new drift within `driftRosterDelay`).
  func report(_ state: ListenerSyncState, driftMs: Double?, of connection: WebSocketConnection) {
    guard var listener = listeners[connection.id] else { return }
    let changed = listener.sync?.state != state
    listener.sync = ListenerSync(name: listener.principal.username, state: state, driftMs: driftMs)
    listeners[connection.id] = listener
    if changed {
      broadcast(includeQueue: false)
      listenersChanged()
    } else {
      sendRosterSoon(after: Self.driftRosterDelay)
    }
  }

  // MARK: Listeners

  func join(_ listener: RoomListener) {
    listeners[listener.connection.id] = listener
    if let frame = SocketFrames.frame(state(includeQueue: true, viewer: listener.principal)) {
      StateCoalescing.send(frame, full: true, to: listener)
    }
    Task { await sendChatHistory(to: listener) }
    listenersChanged()
    scheduleTimers()
    listeningChanged()
  }

  /// An app comes into the room (or is still here) without a socket; told like a join.
  func visit(_ key: String, as principal: Principal) {
    guard visitors.updateValue(principal, forKey: key) == nil else { return }
    listenersChanged()
    scheduleTimers()
    listeningChanged()
  }

  /// The app left, or its lease ended.
  func endVisit(_ key: String) {
    guard visitors.removeValue(forKey: key) != nil else { return }
    listenersChanged()
    scheduleTimers()
    listeningChanged()
  }

  /// The other nodes' listeners here changed: told like a join, after the same delay.
  func setListenersElsewhere(_ count: Int) {
    guard count != listenersElsewhere else { return }
    listenersElsewhere = count
    listenersChanged()
  }

  /// Returns the listener that left (nil: it was not here).
  @discardableResult
  func leave(_ connection: WebSocketConnection) -> RoomListener? {
    guard let listener = listeners.removeValue(forKey: connection.id) else { return nil }
    listenersChanged()
    scheduleTimers()
    listeningChanged()
    return listener
  }

  /// `{ "action": "listening" }`: whether the socket's person hears the room now.
  func setHearing(_ hearing: Bool, of connection: WebSocketConnection) {
    guard var listener = listeners[connection.id], listener.hearing != hearing else { return }
    listener.hearing = hearing
    listeners[connection.id] = listener
    listeningChanged()
  }

  /// Everyone leaves (the room is being deleted); returns who was here.
  func evictAll() -> [RoomListener] {
    let everyone = Array(listeners.values)
    listeners.removeAll()
    visitors.removeAll()
    scheduleTimers()
    listeningChanged()
    return everyone
  }

  // MARK: Changes

  func pause() async throws { try await commit(queueChanged: false) { $0.pause(at: $2, durations: $1) } }
  func resume() async throws { try await commit(queueChanged: false) { $0.resume(at: $2, durations: $1) } }

  func seek(to seconds: Double) async throws {
    try await commit(queueChanged: false) { room, durations, now throws(CoreError) in
      try room.seek(to: seconds, at: now, durations: durations)
    }
  }

  func jump(to index: Int) async throws {
    try await commit(queueChanged: false) { room, durations, now throws(CoreError) in
      try room.jump(to: index, at: now, durations: durations, lead: jumpLead)
    }
    listeningChanged(restart: true)
  }

  func setMode(_ mode: PlaybackMode) async throws {
    try await commit(queueChanged: false) { $0.setMode(mode, at: $2, durations: $1) }
  }

  /// `by` is who added what the edit brings (nil: the server).
  func edit(_ edit: QueueEdit, by principal: Principal?) async throws -> Int {
    await catalog.resolve(edit.addedIDs)
    let unknown = catalog.unknown(edit.addedIDs)
    guard unknown.isEmpty else { throw CoreError.invalid("Unknown track ID: \(unknown[0])") }
    try await commit(queueChanged: true) { [catalog] room, _, now throws(CoreError) in
      try room.edit(edit, by: principal?.username, at: now, lookup: catalog.duration)
    }
    return room.record.queue.count
  }

  /// `PATCH /api/channels/:id`: nil leaves a field as it is.
  func update(name: String?, description: String?, mode: RoomControlMode?, djs: [Int]?) async throws {
    try await commit(queueChanged: false) { room, _, _ in
      room.rename(name: name, description: description)
      if mode != nil || djs != nil { room.setControl(mode: mode, djs: djs) }
    }
    onCardChanged()
  }

  /// Private with `token` or open again (nil). The room card changes for those who see it.
  func setInvite(_ token: String?) async throws {
    try await commit(queueChanged: false) { room, _, _ in room.setInvite(token) }
    onCardChanged()
  }

  /// Applies a change to a copy, persists it, and only then makes it current and tells everyone:
  /// a change the store refused never reaches a listener. The write is a compare-and-set on
  /// `seq`: when another node changed the room first, the change is applied to what it wrote.
  func commit(
    queueChanged: Bool, _ change: (inout Room, [Double], Double) throws(CoreError) -> Void
  ) async throws {
    await commits.lock()
    let before = room
    let outcome: RoomCompareAndSet.Outcome
    do {
      outcome = try await RoomCompareAndSet.commit(
        room, change: { [catalog, clock] next in try change(&next, next.durations(catalog.duration), clock.now()) },
        write: { [store] in try await store.save($0, replacing: $1) },
        reload: { [store, id] in try await store.room(id: id) })
    } catch {
      commits.unlock()
      throw error
    }
    room = outcome.room
    dropVotesIfThePlayRestarted(from: before)
    broadcast(includeQueue: queueChanged || (outcome.reloaded && room.record.queue != before.record.queue))
    scheduleTimers()
    listeningChanged()
    commits.unlock()
    await announce()
    onCardChanged()
  }

  // MARK: Broadcast and timers

  /// Shown names: each person once, at most `shownListenerNames` (every state carries them, to
  /// every listener; `listenerCount` stays exact).
  static let shownListenerNames = 100

  private var listenerNames: [String] {
    let elsewhere = rosters.people(at: RoomDirectory.uptime()).map(\.name)
    return Array(Set(present.map(\.username) + elsewhere).sorted().prefix(Self.shownListenerNames))
  }

  /// Joins and leaves come in storms (a party starts, a network blips): tell listeners about
  /// the new names at most every `listenerUpdateDelay` seconds, not once per join for everyone.
  static let listenerUpdateDelay = 0.25

  func listenersChanged() {
    guard listenersBroadcast == nil else { return }
    listenersBroadcast = Task { [weak self, clock] in
      try? await clock.sleep(for: Self.listenerUpdateDelay)
      await self?.flushListenerUpdate()
    }
  }

  private func flushListenerUpdate() async {
    listenersBroadcast = nil
    broadcast(includeQueue: false)
    onCardChanged()
    await sendRoster()
  }

  /// The state differs between listeners only in `canControl` and whether they see the invite
  /// token: encoded once for each pair.
  func broadcast(includeQueue: Bool) {
    guard !listeners.isEmpty else { return }
    var frames: [Viewpoint: EncodedFrame] = [:]
    for listener in listeners.values {
      let viewpoint = Viewpoint(
        canControl: RoomControlRule.canControl(listener.principal, in: room.record),
        member: RoomAccessRule.isMember(listener.principal, of: room.record))
      if frames[viewpoint] == nil {
        frames[viewpoint] = SocketFrames.frame(state(includeQueue: includeQueue, viewer: listener.principal))
      }
      if let frame = frames[viewpoint] { StateCoalescing.send(frame, full: includeQueue, to: listener) }
    }
  }

  private struct Viewpoint: Hashable {
    let canControl: Bool
    let member: Bool
  }

  /// Nobody listening: no timers at all (the clock is computed from its anchor when next read).
  func scheduleTimers() {
    boundaryTimer?.cancel()
    boundaryTimer = nil
    guard !listeners.isEmpty || !visitors.isEmpty else {
      refreshTimer?.cancel()
      refreshTimer = nil
      return
    }
    let durations = room.durations(catalog.duration)
    let now = clock.now()
    var settled = room.record.clock.settled(at: now, durations: durations)
    settled.anchorTime = now
    if let boundary = settled.nextBoundary(durations: durations) {
      boundaryTimer = Task { [weak self, clock] in
        // A few ms late, so the boundary has certainly passed when the clock is settled.
        do { try await clock.sleep(until: boundary + 0.005) } catch { return }
        await self?.crossBoundary()
      }
    }
    if refreshTimer == nil {
      refreshTimer = Task { [weak self, clock] in
        while !Task.isCancelled {
          do { try await clock.sleep(for: Self.refreshInterval) } catch { return }
          await self?.refresh()
        }
      }
    }
  }

  private func refresh() async {
    await catchUpIfNotOwner()
    broadcast(includeQueue: true)
    await sendRoster(always: true)
  }

  /// The current entry ended: the owner records the new position (so `seq` moves on); every
  /// node tells its listeners the settled state.
  func crossBoundary() async {
    await commits.lock()
    var next = room
    var written = false
    if isOwner, next.settle(at: clock.now(), durations: room.durations(catalog.duration)),
      (try? await store.save(next.record, replacing: room.record.seq)) == true
    {
      let before = room
      room = next
      dropVotesIfThePlayRestarted(from: before)
      written = true
    }
    broadcast(includeQueue: false)
    scheduleTimers()
    listeningChanged(restart: true)
    commits.unlock()
    onCardChanged()
    if written { await announce() }
  }
}
