import BlastoiseCore
import BlastoiseSync

/// A room kept in step with other nodes: changes they made are read from the store and adopted;
/// ownership (the boundary writes) comes and goes with the room's lock.
extension RoomActor {
  var seq: Int64 { room.record.seq }

  /// Takes a room read from the store if it is newer than this one, and tells this node's
  /// listeners as after a change made here. Under the commit gate, so it never lands between
  /// a local change's write and its broadcast.
  func adopt(_ stored: RoomRecord) async {
    await commits.lock()
    defer { commits.unlock() }
    guard case .adopt(let queueChanged) = RoomAdoption.decide(held: room.record, stored: stored) else { return }
    let before = room
    room = Room(record: stored)
    dropVotesIfThePlayRestarted(from: before)
    broadcast(includeQueue: queueChanged)
    scheduleTimers()
    listeningChanged()  // this node's listeners hear what the other node changed
    onCardChanged()
  }

  /// This node took the room's lock (another node let go or died) or lost it. A new owner reads
  /// the room, then settles it at once: a boundary passed while nobody owned it is written now,
  /// and the clock goes on from its anchor exactly where it should be.
  func ownershipChanged(owned: Bool) async {
    guard owned != isOwner else { return }
    isOwner = owned
    guard owned else { return }
    if let stored = try? await store.room(id: id) { await adopt(stored) }
    await crossBoundary()
  }

  /// A node that does not own the room reads it before its periodic full state: a notice lost
  /// with a node that died between its commit and its NOTIFY is made up for here.
  func catchUpIfNotOwner() async {
    guard sharing.isShared, !isOwner, let stored = try? await store.room(id: id) else { return }
    await adopt(stored)
  }

  /// After a commit: tells the other nodes (nothing when alone).
  func announce() async {
    guard sharing.isShared else { return }
    await sharing.announce(RoomNotice(roomID: id, seq: room.record.seq))
  }
}
