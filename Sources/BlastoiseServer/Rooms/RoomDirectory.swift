import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// All rooms: creation, deletion, the default room, which socket is where, and `channel_list`.
actor RoomDirectory {
  var rooms: [String: RoomActor] = [:]
  var order: [String] = []
  private var socketRoom: [UInt64: String] = [:]
  /// Apps visiting rooms without a socket, by key: where, and until when (`RoomDirectory+Visits`).
  var visitRooms: [String: (roomID: String, until: Double)] = [:]
  var visitSweep: Task<Void, Never>?
  private var sockets: [UInt64: RoomListener] = [:]
  let store: any RoomStore
  let catalog: TrackCatalog
  let clock: any WallClock
  /// Where rooms count their listeners' plays; nil: they count none.
  private let keeping: RoomKeeping
  private let jumpLead: Double
  let sharing: RoomSharing
  /// The rooms this node's sockets are in, as last told to `sharing.wanted`.
  private var wantedRooms: Set<String> = []
  /// Listener counts across nodes (`RoomDirectory+Listeners.swift`).
  var otherListeners = OtherNodesListeners()
  var countSender = ListenerCountSender()
  var countsNotice: Task<Void, Never>?
  var countsSending = false
  /// The node is stopping: nothing more is sent.
  var countsClosed = false
  /// What to send once the send in flight is done: nil nothing, false changes, true every count.
  var countsAgain: Bool?
  private(set) var defaultID = ""
  /// True when the default room was created at this start (its queue is filled after the first scan).
  private(set) var defaultIsNew = false

  init(
    store: any RoomStore, catalog: TrackCatalog, clock: any WallClock = SystemClock(),
    keeping: RoomKeeping = RoomKeeping(), sharing: RoomSharing = .alone, jumpLead: Double = RoomClock.jumpLead
  ) {
    self.jumpLead = jumpLead
    self.store = store
    self.catalog = catalog
    self.clock = clock
    self.keeping = keeping
    self.sharing = sharing
  }

  /// Loads stored rooms; creates the default room on first start. Nodes starting together on an
  /// empty database race to create it: the store keeps one default room (a unique index), so one
  /// insert wins and the others, refused as a conflict, read the rooms again and take that one.
  func load() async throws {
    var records = try await store.rooms()
    if !records.contains(where: \.isDefault) {
      let record = RoomRecord(
        id: Self.newID(), name: "Main Room", description: "Everyone starts here", createdBy: nil, isDefault: true,
        queue: [], clock: RoomClock(anchorTime: clock.now()), seq: 0)
      do {
        try await store.insert(record)
        records.insert(record, at: 0)
        defaultIsNew = true
      } catch let error as CoreError where error.code == .conflict {
        records = try await store.rooms()
      }
    }
    // Episodes and book files in the queues are looked up before a clock is read.
    await catalog.resolve(records.flatMap(\.queue))
    for record in records { add(record) }
    defaultID = records.first(where: \.isDefault)?.id ?? ""
  }

  /// After the first scan of a new server, the default room plays the whole library. The catalog
  /// is read again first: the scan may have been another node's, which this one found done.
  func fillNewDefaultRoom() async {
    guard defaultIsNew, let room = rooms[defaultID] else { return }
    defaultIsNew = false
    try? await catalog.refresh()
    let ids = catalog.availableIDs()
    guard !ids.isEmpty, await room.record.queue.isEmpty else { return }
    _ = try? await room.edit(.set(ids), by: nil)
  }

  func room(_ id: String) -> RoomActor? { rooms[id] }

  /// At shutdown: everyone leaves every room, so their plays and places are written, and those
  /// writes finish before the store closes.
  func closeAll() async {
    for room in rooms.values {
      _ = await room.evictAll()
      await room.playsWritten()
      await room.progressWritten()
    }
  }

  /// Every room, private ones included: for those who see them all (the room list's source).
  private func allInfos() async -> [(info: RoomInfo, record: RoomRecord)] {
    var infos: [(RoomInfo, RoomRecord)] = []
    for id in order { if let room = rooms[id] { infos.append((await room.info(), await room.record)) } }
    return infos
  }

  /// The rooms `principal` may see: the open ones, and private ones they are a member of or are
  /// in now (having come with the invite token).
  func list(for principal: Principal) async -> [RoomInfo] {
    var infos: [RoomInfo] = []
    for (info, _) in await allInfos() {
      if info.isPrivate != true {
        infos.append(info)
      } else if let room = rooms[info.id], await room.admits(principal) {
        infos.append(info)
      }
    }
    return infos
  }

  /// `name`, or the first free "name 2", "name 3"… when a room `principal` sees (but `roomID`)
  /// has it already (`RoomNameChoice`).
  func distinctName(_ name: String, for principal: Principal, besides roomID: String? = nil) async -> String {
    RoomNameChoice.distinct(name, from: await list(for: principal).filter { $0.id != roomID }.map(\.name))
  }

  func create(name: String, description: String, owner: Principal) async throws -> RoomInfo {
    let record = RoomRecord(
      id: Self.newID(), name: await distinctName(name, for: owner), description: description, createdBy: owner.userID,
      isDefault: false, queue: [],
      clock: RoomClock(anchorTime: clock.now()), seq: 0)
    try await store.insert(record)
    let room = add(record)
    announceRooms()
    if sharing.isShared { await sharing.announce(RoomNotice(roomID: record.id, seq: record.seq)) }
    return await room.info()
  }

  /// Deletes a room; its listeners are moved to the default room.
  func delete(_ id: String) async throws {
    guard let room = rooms[id] else { throw CoreError(.notFound, "No such room") }
    guard id != defaultID else { throw CoreError.invalid("The default room cannot be deleted") }
    try await store.delete(id: id)
    let seq = await room.seq
    await forget(id)
    if sharing.isShared { await sharing.announce(RoomNotice(roomID: id, seq: seq + 1)) }
  }

  /// A deleted room goes; its listeners move to the default room (visiting apps just leave).
  func forget(_ id: String) async {
    guard let room = rooms.removeValue(forKey: id) else { return }
    order.removeAll { $0 == id }
    visitRooms = visitRooms.filter { $0.value.roomID != id }
    for listener in await room.evictAll() {
      await move(listener, to: defaultID, announce: true)
    }
    socketsMoved()
    announceRooms()
  }

  // MARK: Sockets

  func join(_ listener: RoomListener, room id: String) async {
    sockets[listener.connection.id] = listener
    // Someone removed from the room a short while ago lands in the main room instead, told why.
    if id != defaultID, let room = rooms[id], await room.refuses(listener.principal) {
      Self.tell(listener, .error(message: Self.removedMessage))
      return await move(listener, to: defaultID, announce: true)
    }
    await move(listener, to: id, announce: false)
  }

  static let removedMessage = "You were removed from that room; you may join it again in a few minutes"

  /// `{ "action": "remove_listener" }`: the owner or an admin takes `name` out of the socket's
  /// room; their sockets move to the main room and are told who did it.
  func remove(named name: String, asked listener: RoomListener) async throws {
    guard let id = socketRoom[listener.connection.id], let room = rooms[id] else { return }
    let removed = try await room.remove(named: name, by: listener.principal)
    await sendOff(removed, from: room, by: listener.principal.username)
  }

  /// People removed from `room` (here or on another node) go to the main room, told who did it.
  func sendOff(_ removed: [RoomListener], from room: RoomActor, by remover: String) async {
    let roomName = await room.record.name
    for person in removed {
      Self.tell(person, .toast(message: "\(remover) removed you from \(roomName)", toastType: "warning"))
      await move(person, to: defaultID, announce: true)
    }
  }

  private static func tell(_ listener: RoomListener, _ message: ServerSocketMessage) {
    if let frame = SocketFrames.frame(message) { listener.connection.send(frame) }
  }

  func leave(_ connection: WebSocketConnection) async {
    sockets[connection.id] = nil
    if let id = socketRoom.removeValue(forKey: connection.id) { await rooms[id]?.leave(connection) }
    socketsMoved()
  }

  /// `{ "action": "switch" }`: leave the current room, join another, say `switched`. The listener
  /// keeps what it said of itself in the old room (`hearing`). A private room needs `invite`.
  func switchRoom(_ listener: RoomListener, to id: String, invite: String?) async throws {
    guard let target = rooms[id] else { throw CoreError(.notFound, "No such room") }
    guard RoomAccessRule.mayEnter(listener.principal, await target.record, invite: invite) else {
      throw CoreError(.notFound, RoomAccessRule.refusal)
    }
    if await target.refuses(listener.principal) { throw CoreError(.forbidden, Self.removedMessage) }
    var moving = listener
    if let current = socketRoom[listener.connection.id], let left = await rooms[current]?.leave(listener.connection) {
      moving = left
    }
    await move(moving, to: id, announce: true)
  }

  /// `{ "action": "listening" }`, told to the socket's room.
  func setHearing(_ hearing: Bool, of connection: WebSocketConnection) async {
    guard let id = socketRoom[connection.id] else { return }
    await rooms[id]?.setHearing(hearing, of: connection)
  }

  func roomID(of connection: WebSocketConnection) -> String? { socketRoom[connection.id] }

  /// Sends a message to every socket in every room.
  func sendToAll(_ frame: EncodedFrame, coalescingKey: String? = nil) {
    for listener in sockets.values { listener.connection.send(frame, coalescingKey: coalescingKey) }
  }

  private var pendingAnnouncement: Task<Void, Never>?

  /// `channel_list` to everyone when rooms, listener counts or what a room plays changed, at
  /// most every 250 ms.
  func announceRooms() {
    guard pendingAnnouncement == nil else { return }
    pendingAnnouncement = Task { [weak self, clock] in
      try? await clock.sleep(for: RoomActor.listenerUpdateDelay)
      await self?.sendRoomList()
    }
  }

  /// Private rooms are listed only to those who may see them: one frame for each different list.
  private func sendRoomList() async {
    pendingAnnouncement = nil
    guard !sockets.isEmpty else { return }
    let all = await allInfos()
    var frames: [[String]: EncodedFrame] = [:]
    for listener in sockets.values {
      let here = socketRoom[listener.connection.id]
      let visible = all.filter { info, record in
        !record.isPrivate || here == record.id || RoomAccessRule.isMember(listener.principal, of: record)
      }.map(\.info)
      let key = visible.map(\.id)
      if frames[key] == nil { frames[key] = SocketFrames.frame(ServerSocketMessage.roomList(visible)) }
      if let frame = frames[key] { listener.connection.send(frame, coalescingKey: "channel_list") }
    }
  }

  private func move(_ listener: RoomListener, to id: String, announce: Bool) async {
    guard let room = rooms[id] else { return }
    socketRoom[listener.connection.id] = id
    socketsMoved()
    if announce, let frame = SocketFrames.frame(ServerSocketMessage.switched(roomID: id)) {
      listener.connection.send(frame)
    }
    await room.join(listener)
  }

  /// Other nodes own the rooms this node has no sockets in; tell the link when that changes.
  /// The other nodes hear of the new listener counts.
  func socketsMoved() {
    guard sharing.isShared else { return }
    listenerCountsChanged()
    let wanted = Set(socketRoom.values).union(visitRooms.values.map(\.roomID))
    guard wanted != wantedRooms else { return }
    wantedRooms = wanted
    sharing.wanted(wanted)
  }

  /// This node's listeners per room (each socket is in one, and each visiting app).
  var localCounts: [String: Int] {
    (Array(socketRoom.values) + visitRooms.values.map(\.roomID)).reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }

  @discardableResult
  func add(_ record: RoomRecord) -> RoomActor {
    let room = RoomActor(
      record: record, store: store, catalog: catalog, clock: clock, keeping: keeping, sharing: sharing,
      jumpLead: jumpLead
    ) {
      [weak self] in
      Task { await self?.announceRooms() }
    }
    rooms[record.id] = room
    order.append(record.id)
    return room
  }

  static func newID() -> String { RandomID.make() }
}
