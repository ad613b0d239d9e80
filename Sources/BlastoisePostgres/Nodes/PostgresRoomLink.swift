import BlastoiseCore
import BlastoiseStoreShared
import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A node's link to the other nodes through PostgreSQL: one connection of its own, on a thread of
/// its own, that `LISTEN`s for room, library, listener-count, import-job, chat, room event,
/// annotation and playback notices and holds the session-level advisory locks of the
/// rooms this node owns. Both end with the session, so a node that dies loses its rooms at once
/// and a node whose link breaks knows it missed notices: it reconnects with a backoff, listens
/// again and says so (`Events.reconnected`). Notices go out through the pool, after the commit
/// of the change they announce (`notify`).
public final class PostgresRoomLink: Sendable {
  public struct Events: Sendable {
    public var notice: @Sendable (RoomNotice) -> Void
    public var ownership: @Sendable (RoomOwnership.Change) -> Void
    /// Another node changed the library (`notifyLibraryChanged`).
    public var libraryChanged: @Sendable () -> Void
    /// Another node's listener counts (`notifyListenerCounts`).
    public var listenerCounts: @Sendable (ListenerCountNotice) -> Void
    /// Another node changed the import jobs (`notifyJobsChanged`).
    public var jobsChanged: @Sendable () -> Void
    /// A chat message added or deleted on another node (`notifyChat`).
    public var chat: @Sendable (ChatNotice) -> Void
    /// Who did what, or who was removed, in a room on another node (`notifyRoomEvent`).
    public var roomEvent: @Sendable (RoomEventNotice) -> Void
    /// A person's annotations changed on another node (`notifyAnnotationsChanged`): their user ID.
    public var annotationsChanged: @Sendable (Int) -> Void
    /// What a person plays, reported on another node (`notifyPlaybackReport`).
    public var playbackReport: @Sendable (PlaybackReportNotice) -> Void
    /// The link is listening on a new session: notices sent before are not coming.
    public var reconnected: @Sendable () -> Void

    public init(
      notice: @escaping @Sendable (RoomNotice) -> Void,
      ownership: @escaping @Sendable (RoomOwnership.Change) -> Void,
      libraryChanged: @escaping @Sendable () -> Void,
      listenerCounts: @escaping @Sendable (ListenerCountNotice) -> Void,
      jobsChanged: @escaping @Sendable () -> Void, chat: @escaping @Sendable (ChatNotice) -> Void,
      roomEvent: @escaping @Sendable (RoomEventNotice) -> Void,
      annotationsChanged: @escaping @Sendable (Int) -> Void,
      playbackReport: @escaping @Sendable (PlaybackReportNotice) -> Void,
      reconnected: @escaping @Sendable () -> Void
    ) {
      self.annotationsChanged = annotationsChanged
      self.playbackReport = playbackReport
      self.chat = chat
      self.roomEvent = roomEvent
      self.notice = notice
      self.ownership = ownership
      self.libraryChanged = libraryChanged
      self.listenerCounts = listenerCounts
      self.jobsChanged = jobsChanged
      self.reconnected = reconnected
    }
  }

  /// The channel of library notices. The payload is the sending node's ID (`nodeID`), so a node
  /// skips its own; what changed is read from the store.
  static let libraryChannel = "blastoise_library"
  /// The channel of import job notices (`notifyJobsChanged`): the sending node's ID too.
  static let jobsChannel = "blastoise_jobs"
  /// This process among the nodes: random, new each start.
  let nodeID = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max)) }.joined()

  /// How often wanted rooms another node owns are tried again: a dead owner's rooms are taken
  /// over within this (its session ends when its socket closes).
  static let sweepInterval: Duration = .seconds(2)
  /// One wait on the socket: the longest a change of the wanted rooms or `stop` waits.
  static let wakeMilliseconds: Int32 = 100

  private struct Shared {
    var wanted: Set<String> = []
    var sweepSoon = true
    var stopped = false
    var running = false
    var onExit: CheckedContinuation<Void, Never>?
  }

  private let shared = Mutex(Shared())
  private let database: PostgresDatabase
  private let log: @Sendable (String) -> Void

  init(database: PostgresDatabase, log: @escaping @Sendable (String) -> Void) {
    self.database = database
    self.log = log
  }

  /// Starts the link's thread; events are called on it, in order, and must not block.
  public func start(_ events: Events) {
    shared.withLock { $0.running = true }
    let thread = Thread { [self] in
      run(events)
      shared.withLock { shared in
        shared.running = false
        return shared.onExit.take()
      }?.resume()
    }
    thread.name = "blastoise.room-link"
    thread.start()
  }

  /// The rooms this node's sockets are in; the link owns those no other node owns.
  public func want(_ rooms: Set<String>) {
    shared.withLock { shared in
      guard shared.wanted != rooms else { return }
      shared.wanted = rooms
      shared.sweepSoon = true
    }
  }

  /// Tells every node (this one too) that a room changed. A statement of its own, after the
  /// change committed: NOTIFY serializes the commits of notifying transactions, so it stays out
  /// of the writing one. A notice that cannot be sent is logged; nodes catch up on their next
  /// refresh of the room.
  public func notify(_ notice: RoomNotice) async {
    await send(notice.payload, on: RoomNotice.channel, failure: "rooms: could not send the notice \(notice.payload)")
  }

  /// Tells the other nodes that the library changed here (an upload, an import, a scan), after
  /// the change committed: they read it again. Not sent: logged, and the other nodes catch up on
  /// their next change or scan.
  public func notifyLibraryChanged() async {
    await send(nodeID, on: Self.libraryChannel, failure: "library: could not tell the other nodes of a change")
  }

  /// Tells the other nodes how many listeners this node has in `counts`' rooms (0: none any
  /// more). Not sent: the next change or heartbeat sends them again.
  public func notifyListenerCounts(_ counts: [String: Int]) async {
    for payload in ListenerCountNotice(nodeID: nodeID, counts: counts).payloads {
      await send(payload, on: ListenerCountNotice.channel, failure: "rooms: could not send the listener counts")
    }
  }

  /// Tells the other nodes that import jobs were queued, ended, cancelled or cleared here, after
  /// the change committed: they read the jobs again. Not sent: they find it on their next list
  /// or safety read.
  public func notifyJobsChanged() async {
    await send(nodeID, on: Self.jobsChannel, failure: "import: could not tell the other nodes of a job change")
  }

  /// Tells the other nodes that a room's chat changed here, after the change committed: they read
  /// the message from the store. Not sent: logged, and their listeners see it on their next join.
  public func notifyChat(roomID: String, messageID: String, change: ChatNotice.Change) async {
    let notice = ChatNotice(nodeID: nodeID, roomID: roomID, messageID: messageID, change: change)
    await send(
      notice.payload, on: ChatNotice.channel, failure: "rooms: could not tell the other nodes of a chat message")
  }

  /// Tells the other nodes who did what in a room here, or who was removed from it. Not sent
  /// (or too long for a notice): logged; their listeners miss that line, and a removed person
  /// may come back in through another node.
  public func notifyRoomEvent(roomID: String, event: RoomEventNotice.Event) async {
    guard let payload = RoomEventNotice(nodeID: nodeID, roomID: roomID, event: event).payload else {
      log("rooms: a room event of \(roomID) is too long to tell the other nodes")
      return
    }
    await send(payload, on: RoomEventNotice.channel, failure: "rooms: could not tell the other nodes of a room event")
  }

  /// Tells the other nodes that a person's annotations changed here, after the change committed:
  /// they forget what they kept of that person. Not sent: logged; they show the old ones until
  /// the person's next change or the link's next session.
  public func notifyAnnotationsChanged(userID: Int) async {
    await send(
      AnnotationNotice(nodeID: nodeID, userID: userID).payload, on: AnnotationNotice.channel,
      failure: "annotations: could not tell the other nodes of a change")
  }

  /// Tells the other nodes what a person's app said it plays here. Not sent (or too long):
  /// logged; their `getNowPlaying` misses it until the app's next report.
  public func notifyPlaybackReport(username: String, report: PlaybackReport) async {
    guard let payload = PlaybackReportNotice(nodeID: nodeID, username: username, report: report).payload else {
      log("subsonic: a playback report of \(username) is too long to tell the other nodes")
      return
    }
    await send(
      payload, on: PlaybackReportNotice.channel, failure: "subsonic: could not tell the other nodes of a report")
  }

  private func send(_ payload: String, on channel: String, failure: String) async {
    do {
      try await database.autocommit { connection in
        try connection.execute("SELECT pg_notify($1, $2)", .text(channel), .text(payload))
      }
    } catch {
      log("\(failure): \(error)")
    }
  }

  /// Stops the thread; its session ends, and with it every lock this node held.
  public func stop() async {
    await withCheckedContinuation { continuation in
      let exited = shared.withLock { shared in
        shared.stopped = true
        guard shared.running else { return true }
        shared.onExit = continuation
        return false
      }
      if exited { continuation.resume() }
    }
  }

  private var isStopped: Bool { shared.withLock { $0.stopped } }

  private func run(_ events: Events) {
    var failures = 0
    var ownership = RoomOwnership()
    while !isStopped {
      pause(LinkBackoff().delay(afterFailures: failures))
      guard !isStopped else { return }
      let connection: PostgresConnection
      do {
        connection = try PostgresConnection(database.settings)
        try connection.run(script: "LISTEN \(RoomNotice.channel)")
        try connection.run(script: "LISTEN \(Self.libraryChannel)")
        try connection.run(script: "LISTEN \(ListenerCountNotice.channel)")
        try connection.run(script: "LISTEN \(Self.jobsChannel)")
        try connection.run(script: "LISTEN \(ChatNotice.channel)")
        try connection.run(script: "LISTEN \(RoomEventNotice.channel)")
        try connection.run(script: "LISTEN \(AnnotationNotice.channel)")
        try connection.run(script: "LISTEN \(PlaybackReportNotice.channel)")
      } catch {
        if failures == 0 { log("rooms: the link to the other nodes failed (\(error)); retrying") }
        failures += 1
        continue
      }
      if failures > 0 { log("rooms: the link to the other nodes is back") }
      failures = 0
      shared.withLock { $0.sweepSoon = true }
      events.reconnected()
      serve(connection, &ownership, events)
      let change = ownership.sessionEnded()
      if !change.lost.isEmpty { events.ownership(change) }
      if !isStopped {
        log("rooms: the link to the other nodes was lost; reconnecting")
        failures = 1
      }
    }
  }

  /// Listens and sweeps on one session until it breaks or the link stops.
  private func serve(_ connection: PostgresConnection, _ ownership: inout RoomOwnership, _ events: Events) {
    var lastSweep: ContinuousClock.Instant?
    while !isStopped, !connection.isBroken {
      let (wanted, soon) = shared.withLock { shared in
        defer { shared.sweepSoon = false }
        return (shared.wanted, shared.sweepSoon)
      }
      let now = ContinuousClock.now
      if soon || lastSweep.map({ now - $0 >= Self.sweepInterval }) ?? true {
        lastSweep = now
        let plan = ownership.plan(wanted: wanted)
        if !plan.isEmpty {
          guard let acquired = try? Self.sweep(plan, on: connection) else { return }
          let change = ownership.apply(plan, acquired: acquired)
          if !change.gained.isEmpty || !change.lost.isEmpty { events.ownership(change) }
        }
      }
      deliverNotices(of: connection, to: events)
      var descriptor = pollfd(fd: PQsocket(connection.handle), events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, Self.wakeMilliseconds) > 0, PQconsumeInput(connection.handle) != 1 { return }
      deliverNotices(of: connection, to: events)
    }
  }

  /// Unlocks the rooms no longer wanted, then tries the locks of the wanted ones; returns those granted.
  private static func sweep(_ plan: RoomOwnership.Plan, on connection: PostgresConnection) throws -> [String] {
    let lockClass = StoreValue.integer(Int64(RoomOwnership.lockClass))
    if !plan.release.isEmpty {
      let released = try keys(plan.release)
      try connection.execute(
        "SELECT pg_advisory_unlock($1::int4, (e->>1)::int4) FROM jsonb_array_elements($2::jsonb) AS e",
        lockClass, .text(released))
    }
    guard !plan.acquire.isEmpty else { return [] }
    let wanted = try keys(plan.acquire)
    let rows = try connection.query(
      "SELECT e->>0 AS id FROM jsonb_array_elements($2::jsonb) AS e WHERE pg_try_advisory_lock($1::int4, (e->>1)::int4)",
      lockClass, .text(wanted))
    return rows.compactMap { row in
      guard case .text(let id) = row["id"] else { return nil }
      return id
    }
  }

  /// `[[room ID, lock key], …]` as one JSON parameter.
  private static func keys(_ rooms: [String]) throws -> String {
    let pairs = rooms.map { [$0, String(RoomOwnership.lockKey($0))] }
    return String(decoding: try JSONEncoder().encode(pairs), as: UTF8.self)
  }

  private func deliverNotices(of connection: PostgresConnection, to events: Events) {
    while let notification = PQnotifies(connection.handle) {
      let channel = String(cString: notification.pointee.relname)
      let payload = String(cString: notification.pointee.extra)
      PQfreemem(notification)
      switch channel {
      case Self.libraryChannel:
        if payload != nodeID { events.libraryChanged() }
      case Self.jobsChannel:
        if payload != nodeID { events.jobsChanged() }
      case ChatNotice.channel:
        if let notice = ChatNotice(payload: payload), notice.nodeID != nodeID { events.chat(notice) }
      case RoomEventNotice.channel:
        if let notice = RoomEventNotice(payload: payload), notice.nodeID != nodeID { events.roomEvent(notice) }
      case AnnotationNotice.channel:
        if let notice = AnnotationNotice(payload: payload), notice.nodeID != nodeID {
          events.annotationsChanged(notice.userID)
        }
      case PlaybackReportNotice.channel:
        if let notice = PlaybackReportNotice(payload: payload), notice.nodeID != nodeID {
          events.playbackReport(notice)
        }
      case ListenerCountNotice.channel:
        if let counts = ListenerCountNotice(payload: payload), counts.nodeID != nodeID { events.listenerCounts(counts) }
      default:
        if let notice = RoomNotice(payload: payload) { events.notice(notice) }
      }
    }
  }

  /// Sleeps `seconds` in short steps, so `stop` is not kept waiting by a backoff.
  private func pause(_ seconds: Double) {
    var left = seconds
    while left > 0, !isStopped {
      let step = min(left, 0.1)
      Thread.sleep(forTimeInterval: step)
      left -= step
    }
  }
}
