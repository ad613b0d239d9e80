import BlastoiseCore
import BlastoiseProtocol

/// Skipping (by a controller or by vote) and telling the room who changed what.
extension RoomActor {
  /// To the next entry (from the last, back to the first).
  func skip() async throws {
    let queue = room.record.queue
    guard !queue.isEmpty else { throw CoreError.invalid("The queue is empty") }
    let current = room.record.clock.settled(at: clock.now(), durations: room.durations(catalog.duration))
    try await jump(to: (current.currentIndex + 1) % queue.count)
  }

  /// The queue entry playing now.
  func playingEntry() throws(CoreError) -> SkipVotes.Entry {
    let queue = room.record.queue
    let index = room.record.clock.settled(at: clock.now(), durations: room.durations(catalog.duration)).currentIndex
    guard queue.indices.contains(index) else { throw CoreError.invalid("Nothing is playing") }
    return SkipVotes.Entry(index: index, trackID: queue[index])
  }

  /// `{ action: "voteSkip" }`: true when this vote made the room skip. The people counted are
  /// everyone in the room, each once (a guest by session): those here on this node (sockets and
  /// visiting apps) and those the other nodes' rosters list. A vote that does not pass yet goes
  /// to the other nodes at once, where it counts too.
  func voteSkip(by principal: Principal) async throws -> Bool {
    let entry = try playingEntry()
    let people = Set(present.map(Self.voter))
    guard skipVotes.vote(by: Self.voter(principal), for: entry, listeners: people, elsewhere: otherRosters) else {
      await sendRoster()
      return false
    }
    return await skipByVote(from: entry)
  }

  /// Skips `entry` by vote, unless the room has moved on from it meanwhile (another node's
  /// vote got there first): true when this node skipped.
  @discardableResult
  func skipByVote(from entry: SkipVotes.Entry) async -> Bool {
    skipVotes.reset()
    do {
      try await commit(queueChanged: false) { room, durations, now throws(CoreError) in
        let queue = room.record.queue
        let index = room.record.clock.settled(at: now, durations: durations).currentIndex
        guard queue.indices.contains(index), SkipVotes.Entry(index: index, trackID: queue[index]) == entry else {
          throw CoreError(.conflict, "The room has moved on from the entry voted on")
        }
        try room.jump(to: (index + 1) % queue.count, at: now, durations: durations, lead: jumpLead)
      }
    } catch {
      return false
    }
    listeningChanged(restart: true)
    await tell(.skippedByVote, by: nil)
    return true
  }

  /// Votes belong to one play of one entry. When a change (here, or adopted from another node)
  /// starts the same entry over — a skip in a one-entry queue, a repeat — the votes for it go,
  /// here and, with this node's next roster, on the other nodes. (Another entry needs nothing:
  /// votes count only for the entry they name.)
  func dropVotesIfThePlayRestarted(from before: Room) {
    guard skipVotes.entry != nil else { return }
    let now = clock.now()
    let old = before.record.clock.settled(at: now, durations: before.durations(catalog.duration))
    let new = room.record.clock.settled(at: now, durations: room.durations(catalog.duration))
    guard old.currentIndex == new.currentIndex, new.anchorPosition < old.anchorPosition - 1 else { return }
    skipVotes.reset()
    listenersChanged()
  }

  static func voter(_ principal: Principal) -> String {
    principal.role == .guest ? "guest:\(principal.sessionID)" : "user:\(principal.userID)"
  }

  /// An `activity` message to the room's listeners, here and on the other nodes.
  func tell(_ activity: RoomActivity, by actor: Principal?) async {
    let name = actor?.username
    let message = activity.message(actor: name)
    heardActivity(actor: name, message: message)
    if sharing.isShared { await sharing.event(id, .activity(actor: name, message: message)) }
  }

  /// Activity here or on another node: told to this node's sockets, and kept as the latest for
  /// apps that read the room's state instead (`SubsonicRooms`).
  func heardActivity(actor: String?, message: String) {
    lastActivity = RoomLastActivity(actor: actor, message: message, at: clock.now())
    sendToEveryone(.activity(actor: actor, message: message))
  }
}

/// Who did what last in a room, and when (seconds on the room's clock).
struct RoomLastActivity: Sendable, Equatable {
  let actor: String?
  let message: String
  let at: Double
}
