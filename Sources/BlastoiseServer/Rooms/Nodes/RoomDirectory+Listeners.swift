import BlastoiseCore

/// Listener counts across nodes (`docs/architecture.md`, "Rooms across nodes"): this node sends
/// its own counts after they change (at most every `RoomActor.listenerUpdateDelay`) and every
/// `ListenerCountSender.heartbeat`; it keeps the other nodes' as last heard and gives each room
/// its sum, which room lists and states count. Counts travel as notices of their own, never
/// inside a room's write.
extension RoomDirectory {
  /// Seconds on a clock that does not jump, for the counts' expiry.
  static func uptime() -> Double {
    let (seconds, attoseconds) = (ContinuousClock.now - processStart).components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// A join, leave or move: the changed counts go out once the storm has passed.
  func listenerCountsChanged() {
    guard sharing.isShared, !countsClosed, countsNotice == nil else { return }
    countsNotice = Task { [weak self] in
      try? await Task.sleep(for: .seconds(RoomActor.listenerUpdateDelay))
      await self?.sendListenerCounts(all: false)
    }
  }

  /// Sends the changed counts (`all`: every count, for the heartbeat and after the link came
  /// back). One send at a time, so the other nodes hear them in order.
  func sendListenerCounts(all: Bool) async {
    if !all { countsNotice = nil }
    guard sharing.isShared, !countsClosed else { return }
    guard !countsSending else {
      countsAgain = all || countsAgain == true
      return
    }
    countsSending = true
    var all = all
    while true {
      let current = localCounts
      let counts = all ? countSender.all(current) : countSender.changes(current)
      if let counts, !counts.isEmpty { await sharing.listenerCounts(counts) }
      guard let again = countsAgain else { break }
      countsAgain = nil
      all = again
    }
    countsSending = false
  }

  /// The node is stopping (its sockets are closing): the other nodes stop counting its listeners
  /// now, not once its counts expire — a rolling restart would count them twice meanwhile.
  func stopSendingListenerCounts() async {
    guard sharing.isShared, !countsClosed else { return }
    countsClosed = true
    countsNotice?.cancel()
    let emptied = countSender.changes([:])
    if !emptied.isEmpty { await sharing.listenerCounts(emptied) }
  }

  /// Another node's counts, passed to their rooms (a room's listeners see a change as after a
  /// join, and the room list goes out again). Heartbeats too: a room loaded after its counts
  /// came gets them then.
  func heard(_ notice: ListenerCountNotice) async {
    _ = otherListeners.take(notice, at: Self.uptime())
    await passListenersElsewhere(to: notice.counts.keys)
  }

  /// Drops the counts of nodes not heard of for `OtherNodesListeners.expiry` (a node that died).
  func expireListenerCounts() async {
    guard otherListeners.expire(at: Self.uptime()) else { return }
    await passListenersElsewhere(to: order)
  }

  private func passListenersElsewhere(to ids: some Sequence<String>) async {
    let now = Self.uptime()
    for id in ids { await rooms[id]?.setListenersElsewhere(otherListeners.count(of: id, at: now)) }
  }
}

private let processStart = ContinuousClock.now
