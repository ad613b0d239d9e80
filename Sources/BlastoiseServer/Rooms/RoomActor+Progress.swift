import BlastoiseCore
import BlastoiseProtocol

/// What a room keeps to move its listeners' spoken word progress (`RoomProgressTally`).
struct RoomProgress {
  /// Where positions go; nil: the room writes none.
  let store: (any ProgressStore)?
  var tally = RoomProgressTally()
  /// Asks the tally again every `RoomProgressTally.interval` while a spoken entry runs.
  var ticker: Task<Void, Never>?
  /// The writes, one after another.
  var writes: Task<Void, Never>?

  init(store: (any ProgressStore)?) {
    self.store = store
  }
}

extension RoomActor {
  /// Everything that follows who hears what: plays counted and spoken word progress moved.
  /// Called after every change of what plays or of who listens.
  func listeningChanged(restart: Bool = false) {
    countPlays(restart: restart)
    followProgress()
  }

  /// Tells the progress tally what plays and who hears it; its writes go to the store in the
  /// background, in order (a slow store never holds the room up).
  func followProgress() {
    guard let store = progress.store else { return }
    let now = clock.now()
    let durations = room.durations(catalog.duration)
    let settled = room.record.clock.settled(at: now, durations: durations)
    let queue = room.record.queue
    var playing: RoomProgressTally.Playing?
    if queue.indices.contains(settled.currentIndex), let ref = catalog.spokenRef(queue[settled.currentIndex]) {
      playing = RoomProgressTally.Playing(
        ref: ref, entry: settled.currentIndex, position: settled.anchorPosition,
        duration: durations[settled.currentIndex], running: !settled.paused)
    }
    let people = Set(
      hearing.filter { $0.role != .guest }.map(\.userID))
    let writes = progress.tally.observe(at: now, playing: playing, people: people)
    if !writes.isEmpty {
      let previous = progress.writes
      let serverTime = Int64((now * 1000).rounded())
      progress.writes = Task {
        await previous?.value
        for write in writes {
          let report = ProgressReport(
            position: write.position, duration: write.ref.length, at: Int64((write.at * 1000).rounded()),
            feed: write.ref.feed, guid: write.ref.guid)
          do {
            _ = try await store.report(
              report, kind: write.ref.kind, id: write.ref.id, userID: write.userID, now: serverTime)
          } catch {
            ServerLog.write("room progress in \(write.ref.id) not recorded: \(error)")
          }
        }
      }
    }
    progress.ticker?.cancel()
    progress.ticker =
      progress.tally.wantsTicks
      ? Task { [weak self, clock] in
        do { try await clock.sleep(until: now + RoomProgressTally.interval) } catch { return }
        await self?.followProgress()
      } : nil
  }

  /// Returns once the positions written so far are stored.
  func progressWritten() async { await progress.writes?.value }
}
