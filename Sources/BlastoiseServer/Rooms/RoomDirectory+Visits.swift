import BlastoiseCore
import Foundation

/// Apps in rooms without a socket (the Subsonic API's listen-together, `SubsonicRooms`): an app
/// joins a room for `visitSeconds`, and every call it makes about that room renews it; one that
/// stops calling leaves when its time is up. Each app (a person's app password and client name)
/// is in one room at a time, counted on this node as a listener is, so the other nodes count it
/// too and this node follows the room's changes.
extension RoomDirectory {
  static let visitSeconds = 60.0

  /// Enters or renews `key`'s visit to room `id` (leaving the room it was in). Refused as the
  /// socket route refuses: a private room without its invite (not found), someone removed a short
  /// while ago.
  func visit(_ id: String, key: String, as principal: Principal, invite: String?) async throws -> RoomActor {
    guard let room = rooms[id] else { throw CoreError(.notFound, "No such room") }
    if visitRooms[key]?.roomID != id {
      let invited = RoomAccessRule.mayEnter(principal, await room.record, invite: invite)
      let admitted = await room.admits(principal)
      guard invited || admitted else { throw CoreError(.notFound, RoomAccessRule.refusal) }
    }
    if await room.refuses(principal) {
      await endVisit(key)
      throw CoreError(.forbidden, Self.removedMessage)
    }
    if let previous = visitRooms[key]?.roomID, previous != id { await rooms[previous]?.endVisit(key) }
    visitRooms[key] = (id, clock.now() + Self.visitSeconds)
    await room.visit(key, as: principal)
    socketsMoved()
    sweepVisitsLater()
    return room
  }

  /// The room `key` is visiting, if any.
  func visitedRoom(_ key: String) -> String? { visitRooms[key]?.roomID }

  func endVisit(_ key: String) async {
    guard let (id, _) = visitRooms.removeValue(forKey: key) else { return }
    await rooms[id]?.endVisit(key)
    socketsMoved()
  }

  /// Ends the visits whose time is up, then looks again when the next one's is.
  func sweepVisits() async {
    visitSweep = nil
    let now = clock.now()
    for (key, visit) in visitRooms where visit.until <= now { await endVisit(key) }
    sweepVisitsLater()
  }

  private func sweepVisitsLater() {
    guard visitSweep == nil, let next = visitRooms.values.map(\.until).min() else { return }
    visitSweep = Task { [weak self, clock] in
      try? await clock.sleep(until: next + 0.01)
      await self?.sweepVisits()
    }
  }
}
