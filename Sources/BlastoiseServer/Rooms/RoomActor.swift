import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// One live room: its clock and queue, its listeners, and the one timer that wakes at the next
/// track boundary. Every change settles, applies, persists, then broadcasts.
actor RoomActor {
  private(set) var room: Room
  private(set) var listeners: [UInt64: RoomListener] = [:]
  private var boundaryTimer: Task<Void, Never>?
  private var refreshTimer: Task<Void, Never>?
  private var listenersBroadcast: Task<Void, Never>?
  /// Changes wait for their write one at a time: the actor runs other calls meanwhile, so
  /// without this two changes could start from the same state and one would be lost.
  private let commits = AsyncGate()
  private let store: any RoomStore
  let catalog: TrackCatalog
  let clock: any WallClock
  /// Plays counted for the people listening (`RoomActor+Plays.swift`).
  var plays: RoomPlays
  private let onListenersChanged: @Sendable () -> Void

  /// A full state (with `queue`) is sent this often while anyone listens.
  static let refreshInterval = 30.0

  init(
    record: RoomRecord, store: any RoomStore, catalog: TrackCatalog, clock: any WallClock,
    annotations: (any AnnotationStore)? = nil, onListenersChanged: @escaping @Sendable () -> Void
  ) {
    room = Room(record: record)
    plays = RoomPlays(annotations: annotations)
    self.store = store
    self.catalog = catalog
    self.clock = clock
    self.onListenersChanged = onListenersChanged
  }

  var id: String { room.record.id }
  var record: RoomRecord { room.record }

  func info() -> RoomInfo { room.info(listeners: listenerNames, listenerCount: listeners.count) }

  func state(includeQueue: Bool) -> RoomState {
    room.state(
      at: clock.now(), tracks: catalog.track, listeners: listenerNames, listenerCount: listeners.count,
      includeQueue: includeQueue)
  }

  // MARK: Listeners

  func join(_ listener: RoomListener) {
    listeners[listener.connection.id] = listener
    if let frame = SocketFrames.frame(state(includeQueue: true)) {
      StateCoalescing.send(frame, full: true, to: listener)
    }
    listenersChanged()
    scheduleTimers()
    countPlays()
  }

  func leave(_ connection: WebSocketConnection) {
    guard listeners.removeValue(forKey: connection.id) != nil else { return }
    listenersChanged()
    scheduleTimers()
    countPlays()
  }

  /// Everyone leaves (the room is being deleted); returns who was here.
  func evictAll() -> [RoomListener] {
    let everyone = Array(listeners.values)
    listeners.removeAll()
    scheduleTimers()
    countPlays()
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
      try room.jump(to: index, at: now, durations: durations)
    }
    countPlays(restart: true)
  }

  func setMode(_ mode: PlaybackMode) async throws {
    try await commit(queueChanged: false) { $0.setMode(mode, at: $2, durations: $1) }
  }

  func edit(_ edit: QueueEdit) async throws -> Int {
    let unknown = catalog.unknown(edit.addedIDs)
    guard unknown.isEmpty else { throw CoreError.invalid("Unknown track ID: \(unknown[0])") }
    try await commit(queueChanged: true) { [catalog] room, _, now throws(CoreError) in
      try room.edit(edit, at: now, lookup: catalog.duration)
    }
    return room.record.queue.count
  }

  func rename(name: String?, description: String?) async throws {
    try await commit(queueChanged: false) { room, _, _ in room.rename(name: name, description: description) }
    onListenersChanged()
  }

  /// Applies a change to a copy, persists it, and only then makes it current and tells everyone:
  /// a change the store refused never reaches a listener.
  private func commit(
    queueChanged: Bool, _ change: (inout Room, [Double], Double) throws(CoreError) -> Void
  ) async throws {
    await commits.lock()
    defer { commits.unlock() }
    var next = room
    try change(&next, room.durations(catalog.duration), clock.now())
    try await store.save(next.record)
    room = next
    broadcast(includeQueue: queueChanged)
    scheduleTimers()
    countPlays()
  }

  // MARK: Broadcast and timers

  /// Shown names: each person once, at most `shownListenerNames` (every state carries them, to
  /// every listener; `listenerCount` stays exact).
  static let shownListenerNames = 100

  private var listenerNames: [String] {
    Array(Set(listeners.values.map(\.principal.username)).sorted().prefix(Self.shownListenerNames))
  }

  /// Joins and leaves come in storms (a party starts, a network blips): tell listeners about
  /// the new names at most every `listenerUpdateDelay` seconds, not once per join for everyone.
  static let listenerUpdateDelay = 0.25

  private func listenersChanged() {
    guard listenersBroadcast == nil else { return }
    listenersBroadcast = Task { [weak self, clock] in
      try? await clock.sleep(for: Self.listenerUpdateDelay)
      await self?.flushListenerUpdate()
    }
  }

  private func flushListenerUpdate() {
    listenersBroadcast = nil
    broadcast(includeQueue: false)
    onListenersChanged()
  }

  private func broadcast(includeQueue: Bool) {
    guard !listeners.isEmpty, let frame = SocketFrames.frame(state(includeQueue: includeQueue)) else { return }
    for listener in listeners.values { StateCoalescing.send(frame, full: includeQueue, to: listener) }
  }

  /// Nobody listening: no timers at all (the clock is computed from its anchor when next read).
  private func scheduleTimers() {
    boundaryTimer?.cancel()
    boundaryTimer = nil
    guard !listeners.isEmpty else {
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

  private func refresh() { broadcast(includeQueue: true) }

  /// The current entry ended: record the new position (so `seq` moves on) and tell everyone.
  private func crossBoundary() async {
    await commits.lock()
    defer { commits.unlock() }
    var next = room
    if next.settle(at: clock.now(), durations: room.durations(catalog.duration)),
      (try? await store.save(next.record)) != nil
    {
      room = next
    }
    broadcast(includeQueue: false)
    scheduleTimers()
    countPlays(restart: true)
  }
}
