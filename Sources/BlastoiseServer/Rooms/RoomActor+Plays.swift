import BlastoiseCore
import BlastoiseProtocol

/// What a room keeps to count plays (`PlayTally`): each signed-in person listening gets a play of
/// the entry once they have heard enough of it (`PlayRule`). Guests keep no plays, nor does a
/// socket whose person plays something else meanwhile (`RoomListener.hearing`).
struct RoomPlays {
  /// Where counted plays go; nil: the room counts none.
  let annotations: (any AnnotationStore)?
  var tally = PlayTally()
  /// Wakes when the next listener will have heard enough.
  var timer: Task<Void, Never>?
  /// The writes of counted plays, one after another.
  var writes: Task<Void, Never>?

  init(annotations: (any AnnotationStore)?) {
    self.annotations = annotations
  }
}

extension RoomActor {
  /// Tells the tally what plays now and who listens; called after every change of either
  /// (`restart`: the entry begins again, as after a jump or a track boundary). Counted plays are
  /// written in the background, in order: a slow store never holds the room up.
  func countPlays(restart: Bool = false) {
    guard let annotations = plays.annotations else { return }
    let now = clock.now()
    let durations = room.durations(catalog.duration)
    let settled = room.record.clock.settled(at: now, durations: durations)
    let queue = room.record.queue
    let playing =
      queue.indices.contains(settled.currentIndex)
      ? PlayTally.Playing(
        trackID: queue[settled.currentIndex], duration: durations[settled.currentIndex], running: !settled.paused)
      : nil
    let people = Set(
      hearing.filter { $0.role != .guest }.map(\.userID))
    let counts = plays.tally.observe(at: now, playing: playing, listeners: people, restart: restart)
    if !counts.isEmpty {
      let time = Int64((now * 1000).rounded())
      let previous = plays.writes
      plays.writes = Task {
        await previous?.value
        for count in counts {
          do {
            try await annotations.recordPlay(trackID: count.trackID, userID: count.userID, at: time)
          } catch {
            ServerLog.write("room play of \(count.trackID) not recorded: \(error)")
          }
        }
      }
    }
    plays.timer?.cancel()
    plays.timer = plays.tally.nextCount().map { due in
      Task { [weak self, clock] in
        // A few ms late, so the listener has certainly heard enough when the tally is told.
        do { try await clock.sleep(until: due + 0.005) } catch { return }
        await self?.countPlays()
      }
    }
  }

  /// Returns once the plays counted so far are written.
  func playsWritten() async { await plays.writes?.value }
}
