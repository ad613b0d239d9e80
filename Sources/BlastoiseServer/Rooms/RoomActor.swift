import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// One live room: its clock and queue, its listeners, and the one timer that wakes at the next
/// track boundary. Every change settles, applies, persists, then broadcasts.
actor RoomActor {
  private var room: Room
  private var listeners: [UInt64: RoomListener] = [:]
  private var boundaryTimer: Task<Void, Never>?
  private var refreshTimer: Task<Void, Never>?
  private var listenersBroadcast: Task<Void, Never>?
  private let store: any RoomStore
  private let catalog: TrackCatalog
  private let onListenersChanged: @Sendable () -> Void

  /// A full state (with `queue`) is sent this often while anyone listens.
  static let refreshInterval: Duration = .seconds(30)

  init(
    record: RoomRecord, store: any RoomStore, catalog: TrackCatalog,
    onListenersChanged: @escaping @Sendable () -> Void
  ) {
    room = Room(record: record)
    self.store = store
    self.catalog = catalog
    self.onListenersChanged = onListenersChanged
  }

  var id: String { room.record.id }
  var record: RoomRecord { room.record }

  static func now() -> Double { Date().timeIntervalSince1970 }

  func info() -> RoomInfo { room.info(listeners: listenerNames, listenerCount: listeners.count) }

  func state(includeQueue: Bool) -> RoomState {
    room.state(
      at: Self.now(), tracks: catalog.track, listeners: listenerNames, listenerCount: listeners.count,
      includeQueue: includeQueue)
  }

  // MARK: Listeners

  func join(_ listener: RoomListener) {
    listeners[listener.connection.id] = listener
    if let frame = SocketFrames.frame(state(includeQueue: true)) { listener.connection.send(frame) }
    listenersChanged()
    scheduleTimers()
  }

  func leave(_ connection: WebSocketConnection) {
    guard listeners.removeValue(forKey: connection.id) != nil else { return }
    listenersChanged()
    scheduleTimers()
  }

  /// Everyone leaves (the room is being deleted); returns who was here.
  func evictAll() -> [RoomListener] {
    let everyone = Array(listeners.values)
    listeners.removeAll()
    scheduleTimers()
    return everyone
  }

  // MARK: Changes

  func pause() throws { try commit(queueChanged: false) { $0.pause(at: Self.now(), durations: $1) } }
  func resume() throws { try commit(queueChanged: false) { $0.resume(at: Self.now(), durations: $1) } }

  func seek(to seconds: Double) throws {
    try commit(queueChanged: false) { room, durations throws(CoreError) in
      try room.seek(to: seconds, at: Self.now(), durations: durations)
    }
  }

  func jump(to index: Int) throws {
    try commit(queueChanged: false) { room, durations throws(CoreError) in
      try room.jump(to: index, at: Self.now(), durations: durations)
    }
  }

  func setMode(_ mode: PlaybackMode) throws {
    try commit(queueChanged: false) { $0.setMode(mode, at: Self.now(), durations: $1) }
  }

  func edit(_ edit: QueueEdit) throws -> Int {
    let unknown = catalog.unknown(edit.addedIDs)
    guard unknown.isEmpty else { throw CoreError.invalid("Unknown track ID: \(unknown[0])") }
    try commit(queueChanged: true) { room, _ throws(CoreError) in
      try room.edit(edit, at: Self.now(), lookup: catalog.duration)
    }
    return room.record.queue.count
  }

  func rename(name: String?, description: String?) throws {
    try commit(queueChanged: false) { room, _ in room.rename(name: name, description: description) }
    onListenersChanged()
  }

  /// Applies a change to a copy, persists it, and only then makes it current and tells everyone:
  /// a change the store refused never reaches a listener.
  private func commit(queueChanged: Bool, _ change: (inout Room, [Double]) throws(CoreError) -> Void) throws {
    var next = room
    try change(&next, room.durations(catalog.duration))
    try store.save(next.record)
    room = next
    broadcast(includeQueue: queueChanged)
    scheduleTimers()
  }

  // MARK: Broadcast and timers

  /// Shown names: each person once, at most `shownListenerNames` (every state carries them, to
  /// every listener; `listenerCount` stays exact).
  static let shownListenerNames = 100

  private var listenerNames: [String] {
    Array(Set(listeners.values.map(\.principal.username)).sorted().prefix(Self.shownListenerNames))
  }

  /// Joins and leaves come in storms (a party starts, a network blips): tell listeners about
  /// the new names at most every `listenerUpdateDelay`, not once per join for everyone.
  static let listenerUpdateDelay: Duration = .milliseconds(250)

  private func listenersChanged() {
    guard listenersBroadcast == nil else { return }
    listenersBroadcast = Task { [weak self] in
      try? await Task.sleep(for: Self.listenerUpdateDelay)
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
    for listener in listeners.values {
      // A newer state replaces an unsent older one for a slow client.
      listener.connection.send(frame, coalescingKey: includeQueue ? "state+queue" : "state")
    }
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
    var clock = room.record.clock.settled(at: Self.now(), durations: durations)
    clock.anchorTime = Self.now()
    if let boundary = clock.nextBoundary(durations: durations) {
      let delay = max(0, boundary - Self.now())
      boundaryTimer = Task { [weak self] in
        try? await Task.sleep(for: .milliseconds(Int(delay * 1000) + 5))
        guard !Task.isCancelled else { return }
        await self?.crossBoundary()
      }
    }
    if refreshTimer == nil {
      refreshTimer = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: Self.refreshInterval)
          guard !Task.isCancelled else { return }
          await self?.refresh()
        }
      }
    }
  }

  private func refresh() { broadcast(includeQueue: true) }

  /// The current entry ended: record the new position (so `seq` moves on) and tell everyone.
  private func crossBoundary() {
    var next = room
    if next.settle(at: Self.now(), durations: room.durations(catalog.duration)), (try? store.save(next.record)) != nil {
      room = next
    }
    broadcast(includeQueue: false)
    scheduleTimers()
  }
}
