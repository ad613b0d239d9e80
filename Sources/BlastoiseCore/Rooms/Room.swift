import BlastoiseProtocol
import BlastoiseSync

/// A room's rules, pure: every change settles the clock at `now`, applies, and bumps `seq`.
/// `durations` maps track IDs to seconds (unknown IDs count as the clock's minimum).
public struct Room: Sendable, Equatable {
  public private(set) var record: RoomRecord

  public init(record: RoomRecord) {
    self.record = record
  }

  public func durations(_ lookup: (String) -> Double?) -> [Double] {
    record.queue.map { lookup($0) ?? 0 }
  }

  /// Moves the clock to `now`; true when that changed the entry or stopped the room, which is a
  /// change clients must see (so `seq` moves on).
  public mutating func settle(at now: Double, durations: [Double]) -> Bool {
    let before = record.clock
    record.clock = before.settled(at: now, durations: durations)
    guard record.clock.currentIndex != before.currentIndex || record.clock.paused != before.paused else {
      return false
    }
    record.seq += 1
    return true
  }

  public mutating func pause(at now: Double, durations: [Double]) {
    change { $0.clock = $0.clock.pausing(at: now, durations: durations) }
  }

  public mutating func resume(at now: Double, durations: [Double]) {
    change { $0.clock = $0.clock.resuming(at: now, durations: durations) }
  }

  public mutating func seek(to seconds: Double, at now: Double, durations: [Double]) throws(CoreError) {
    guard seconds.isFinite else { throw CoreError.invalid("'timestamp' must be a number of seconds") }
    change { $0.clock = $0.clock.seeking(to: seconds, at: now, durations: durations) }
  }

  /// A playing room starts the entry `lead` ahead (`RoomClock.jumping`).
  public mutating func jump(
    to index: Int, at now: Double, durations: [Double], lead: Double = RoomClock.jumpLead
  ) throws(CoreError) {
    guard record.queue.indices.contains(index) else { throw CoreError.invalid("'index' is out of range") }
    change { $0.clock = $0.clock.jumping(to: index, at: now, durations: durations, lead: lead) }
  }

  public mutating func setMode(_ mode: PlaybackMode, at now: Double, durations: [Double]) {
    change { $0.clock = $0.clock.withMode(mode, at: now, durations: durations) }
  }

  /// Applies a queue edit by position: the playing entry keeps playing unless it was removed (then
  /// the next starts at 0); what it adds is `addedBy`'s. `lookup` gives durations for the new queue.
  public mutating func edit(
    _ edit: QueueEdit, by addedBy: String?, at now: Double, lookup: (String) -> Double?
  ) throws(CoreError) {
    let settled = record.clock.settled(at: now, durations: durations(lookup))
    let current = record.queue.isEmpty ? nil : settled.currentIndex
    let entries = zip(record.queue, record.addedBy).map { QueueEntry(trackID: $0, addedBy: $1) }
    let outcome = try QueueEditor.apply(edit, to: entries, current: current) {
      QueueEntry(trackID: $0, addedBy: addedBy)
    }
    change { record in
      record.queue = outcome.items.map(\.trackID)
      record.addedBy = outcome.items.map(\.addedBy)
      record.clock = settled
      record.clock.currentIndex = outcome.currentIndex ?? 0
      if outcome.restartCurrent { record.clock.anchorPosition = 0 }
      if outcome.items.isEmpty { record.clock.paused = true }
      if current == nil, !outcome.items.isEmpty, edit.addedIDs.count > 0 {
        // A room that had nothing to play starts playing what was added.
        record.clock.paused = false
      }
    }
  }

  public mutating func rename(name: String?, description: String?) {
    change { record in
      if let name { record.name = name }
      if let description { record.description = description }
    }
  }

  /// nil leaves a field as it is; DJs are kept once each, in the order given.
  public mutating func setControl(mode: RoomControlMode?, djs: [Int]?) {
    change { record in
      if let mode { record.controlMode = mode }
      if let djs { record.djs = djs.reduce(into: []) { kept, id in if !kept.contains(id) { kept.append(id) } } }
    }
  }

  /// Private with `token` (a new one revokes the old), or open again with nil.
  public mutating func setInvite(_ token: String?) {
    change { $0.inviteToken = token }
  }

  /// A queue entry while an edit moves it about.
  private struct QueueEntry: Sendable, Equatable {
    let trackID: String
    let addedBy: String?
  }

  private mutating func change(_ apply: (inout RoomRecord) -> Void) {
    apply(&record)
    record.seq += 1
  }
}
