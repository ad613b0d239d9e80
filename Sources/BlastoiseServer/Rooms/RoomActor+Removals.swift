import BlastoiseCore
import BlastoiseProtocol

/// People the room's owner or an admin took out of the room, and until when they may not come
/// back (by account; a guest by session). Every node keeps its own, told by the one that removed.
struct RoomRemovals {
  var until: [String: Double] = [:]
}

extension RoomActor {
  /// How long someone removed stays out.
  static let removalSeconds = 600.0

  /// `{ action: "remove_listener", name }`: the owner or an admin takes a person (here or on
  /// another node: its roster names them) out of the room; the directory moves their sockets
  /// here to the main room, and the other nodes do the same with theirs. Answers who left here.
  func remove(named name: String, by principal: Principal) async throws(CoreError) -> [RoomListener] {
    guard !room.record.isDefault else { throw CoreError.invalid("Nobody can be removed from the main room") }
    let isOwner = principal.role != .guest && room.record.createdBy == principal.userID
    guard isOwner || principal.role == .admin else {
      throw CoreError(.forbidden, "Only the room's owner or an admin can remove someone")
    }
    let here = present.filter { $0.username == name }.map(Self.voter)
    let elsewhere = rosters.people(at: RoomDirectory.uptime()).filter { $0.name == name }.map(\.key)
    let people = Array(Set(here + elsewhere)).sorted()
    guard !people.isEmpty else { throw CoreError(.notFound, "\(name) is not in this room") }
    guard !people.contains(Self.voter(principal)) else { throw CoreError.invalid("You cannot remove yourself") }
    let left = keepOut(people)
    await tell(.removed(name), by: principal)
    if sharing.isShared { await sharing.event(id, .removed(people: people, by: principal.username)) }
    return left
  }

  /// `people` (by vote key) may not come back for `removalSeconds` — removed here or on another
  /// node; their sockets here leave the room. Answers those who left.
  func keepOut(_ people: [String]) -> [RoomListener] {
    let now = clock.now()
    for person in people { removals.until[person] = now + Self.removalSeconds }
    removals.until = removals.until.filter { $0.value > now }
    for (key, visitor) in visitors where people.contains(Self.voter(visitor)) { endVisit(key) }
    return listeners.values.filter { people.contains(Self.voter($0.principal)) }.compactMap { leave($0.connection) }
  }

  /// Whether `principal` was removed from this room a short while ago.
  func refuses(_ principal: Principal) -> Bool {
    (removals.until[Self.voter(principal)] ?? 0) > clock.now()
  }
}
