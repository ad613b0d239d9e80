import BlastoiseCore
import BlastoiseProtocol

/// Who is in the room on every node (`RoomRoster`): this node sends its people after a change
/// (once the storm has passed, as states do), at once after a vote, and with every full state;
/// it keeps the other nodes' rosters, so its states name everyone, carry everyone's sync
/// reports, votes count everyone and the owner can remove anyone.
extension RoomActor {
  /// How long a change of drift alone waits before the other nodes hear it (a change of state
  /// goes with the next listener update).
  static let driftRosterDelay = 5.0

  /// This node's people here, each once, with their sync reports and votes.
  func localRoster() -> RoomRoster {
    let entry = try? playingEntry()
    var people: [String: RoomRoster.Person] = [:]
    for principal in present {
      let key = Self.voter(principal)
      let voted = entry != nil && skipVotes.entry == entry && skipVotes.voters.contains(key)
      people[key] = RoomRoster.Person(key: key, name: principal.username, voted: voted)
    }
    for listener in listeners.values {
      guard let sync = listener.sync else { continue }
      let key = Self.voter(listener.principal)
      people[key]?.state = sync.state
      people[key]?.driftMs = sync.driftMs
    }
    return RoomRoster(people: Array(people.values), entry: entry)
  }

  /// Sends this node's roster when it changed since the last (`always`: the heartbeat).
  func sendRoster(always: Bool = false) async {
    guard sharing.isShared else { return }
    let roster = localRoster()
    guard always ? !roster.isEmpty : roster != (sentRoster ?? RoomRoster(people: [], entry: nil)) else { return }
    sentRoster = roster.isEmpty ? nil : roster
    await sharing.event(id, .roster(roster))
  }

  /// The roster goes out after `delay` seconds, with whatever else changed meanwhile.
  func sendRosterSoon(after delay: Double) {
    guard sharing.isShared, rosterNotice == nil else { return }
    rosterNotice = Task { [weak self, clock] in
      try? await clock.sleep(for: delay)
      await self?.sendPendingRoster()
    }
  }

  private func sendPendingRoster() async {
    rosterNotice = nil
    await sendRoster()
  }

  /// Another node's roster: its names and reports go out with the next listener update, and
  /// the owner skips when its votes made a majority.
  func heardRoster(_ roster: RoomRoster, from node: String) async {
    guard rosters.take(roster, from: node, at: RoomDirectory.uptime()) else { return }
    listenersChanged()
    guard isOwner, let entry = try? playingEntry(),
      skipVotes.passes(for: entry, listeners: Set(present.map(Self.voter)), elsewhere: otherRosters)
    else { return }
    await skipByVote(from: entry)
  }

  /// The other nodes' rosters that have not expired.
  var otherRosters: [RoomRoster] { rosters.rosters(at: RoomDirectory.uptime()) }
}
