import BlastoiseCore

/// Notices from other nodes reach the rooms here: a changed room is read and adopted, a room
/// created elsewhere is added, one deleted elsewhere goes; ownership changes pass to the rooms.
extension RoomDirectory {
  func received(_ notice: RoomNotice) async {
    let held = await rooms[notice.roomID]?.seq
    guard RoomNoticeDecision.decide(notice, held: held) != .ignore else { return }
    await reread(notice.roomID)
  }

  /// Who did what in a room on another node, for this node's listeners; someone removed there
  /// is kept out here too; who is in the room there.
  func heard(_ notice: RoomEventNotice) async {
    guard let room = rooms[notice.roomID] else { return }
    switch notice.event {
    case .activity(let actor, let message):
      await room.heardActivity(actor: actor, message: message)
    case .removed(let people, let remover):
      await sendOff(await room.keepOut(people), from: room, by: remover)
    case .roster(let roster):
      await room.heardRoster(roster, from: notice.nodeID)
    }
  }

  /// Reads one room and brings this node in step with it.
  func reread(_ id: String) async {
    let stored: RoomRecord?
    do {
      stored = try await store.room(id: id)
    } catch {
      ServerLog.write("rooms: could not read room \(id) after a notice: \(error)")
      return
    }
    if let stored { await knowTracks(of: [stored]) }
    switch (rooms[id], stored) {
    case (let room?, let stored?): await room.adopt(stored)
    case (nil, let stored?):
      add(stored)
      announceRooms()
    case (.some, nil): await forget(id)
    case (nil, nil): return
    }
  }

  /// The link has a new session: notices sent while it had none are lost, so every room is read.
  func resync() async {
    let records: [RoomRecord]
    do {
      records = try await store.rooms()
    } catch {
      ServerLog.write("rooms: could not read the rooms after the link reconnected: \(error)")
      return
    }
    await knowTracks(of: records)
    let stored = Set(records.map(\.id))
    for record in records {
      if let room = rooms[record.id] { await room.adopt(record) } else { add(record) }
    }
    for id in order where !stored.contains(id) { await forget(id) }
    announceRooms()
  }

  func ownershipChanged(_ change: RoomOwnership.Change) async {
    for id in change.lost { await rooms[id]?.ownershipChanged(owned: false) }
    for id in change.gained {
      ServerLog.write("rooms: this node owns room \(id) now")
      await rooms[id]?.ownershipChanged(owned: true)
    }
  }

  /// Another node's queue may name tracks its own scan found first, or episodes and book files
  /// this node has not looked up yet: durations must be known before the clock is read.
  private func knowTracks(of records: [RoomRecord]) async {
    guard records.contains(where: { !catalog.unknown($0.queue).isEmpty }) else { return }
    try? await catalog.refresh()
    await catalog.resolve(records.flatMap(\.queue))
  }
}
