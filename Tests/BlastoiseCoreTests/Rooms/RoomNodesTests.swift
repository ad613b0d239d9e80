import BlastoiseCore
import Synchronization
import Testing

/// Rooms across nodes, the pure half: notices, what a node does with one, ownership sweeps,
/// and compare-and-set commits that never fork a room.
@Suite struct RoomNodesTests {
  @Test func aNoticeTravelsAsRoomIDAndSeq() {
    let notice = RoomNotice(roomID: "0a1b2c3d4e5f", seq: 42)
    #expect(notice.payload == "0a1b2c3d4e5f:42")
    #expect(RoomNotice(payload: notice.payload) == notice)
  }

  @Test(arguments: ["", "abc", ":5", "abc:", "abc:-1", "abc:x", "a:b:3", String(repeating: "a", count: 65) + ":1"])
  func aPayloadThatIsNotOursIsIgnored(payload: String) {
    #expect(RoomNotice(payload: payload) == nil)
  }

  @Test func aNoticeAlreadySeenIsIgnoredAndANewerOneIsRead() {
    let notice = RoomNotice(roomID: "r", seq: 8)
    #expect(RoomNoticeDecision.decide(notice, held: 8) == .ignore)  // its own change
    #expect(RoomNoticeDecision.decide(notice, held: 9) == .ignore)  // already read past it
    #expect(RoomNoticeDecision.decide(notice, held: 7) == .read)  // the next one
    #expect(RoomNoticeDecision.decide(notice, held: 3) == .read)  // skips four: the row has them all
    #expect(RoomNoticeDecision.decide(notice, held: nil) == .load)  // created on another node
  }

  @Test func aStoredRoomIsAdoptedOnlyWhenNewer() {
    let held = RoomFixture.playing(["a", "b"]).record
    var stored = held
    #expect(RoomAdoption.decide(held: held, stored: stored) == .keep)
    stored.seq = held.seq - 1
    #expect(RoomAdoption.decide(held: held, stored: stored) == .keep)
    stored.seq = held.seq + 3
    stored.clock.paused = true
    #expect(RoomAdoption.decide(held: held, stored: stored) == .adopt(queueChanged: false))
    stored.queue.append("c")
    #expect(RoomAdoption.decide(held: held, stored: stored) == .adopt(queueChanged: true))
  }

  @Test func aSweepTakesWantedRoomsAndLetsGoOfTheRest() {
    var ownership = RoomOwnership()
    let first = ownership.plan(wanted: ["a", "b", "c"])
    #expect(first.acquire == ["a", "b", "c"] && first.release.isEmpty)
    // Another node holds "b".
    let taken = ownership.apply(first, acquired: ["a", "c"])
    #expect(taken.gained == ["a", "c"] && taken.lost.isEmpty)
    #expect(ownership.owned == ["a", "c"])
    let second = ownership.plan(wanted: ["b", "c"])
    #expect(second.acquire == ["b"] && second.release == ["a"])
    // The node holding "b" died: its session took the lock with it.
    let takenOver = ownership.apply(second, acquired: ["b"])
    #expect(takenOver.gained == ["b"] && takenOver.lost == ["a"])
    #expect(ownership.owned == ["b", "c"])
    #expect(ownership.plan(wanted: ["b", "c"]).isEmpty)
  }

  @Test func losingTheSessionLosesEveryRoom() {
    var ownership = RoomOwnership()
    let plan = ownership.plan(wanted: ["a", "b"])
    _ = ownership.apply(plan, acquired: ["a", "b"])
    let ended = ownership.sessionEnded()
    #expect(ended.gained.isEmpty && ended.lost == ["a", "b"])
    #expect(ownership.plan(wanted: ["a", "b"]).acquire == ["a", "b"])
  }

  @Test func lockKeysAreStableAcrossNodesAndBuilds() {
    // FNV-1a of the bytes: fixed values, so nodes of different builds agree.
    #expect(RoomOwnership.lockKey("") == Int32(bitPattern: 0x811C_9DC5))
    #expect(RoomOwnership.lockKey("a") == Int32(bitPattern: 0xE40C_292C))
    #expect(RoomOwnership.lockKey("0a1b2c3d4e5f") == RoomOwnership.lockKey("0a1b2c3d4e5f"))
    #expect(RoomOwnership.lockKey("0a1b2c3d4e5f") != RoomOwnership.lockKey("0a1b2c3d4e5e"))
  }

  @Test func theLinkBacksOffDoublingToItsLimit() {
    let backoff = LinkBackoff()
    #expect((0...7).map(backoff.delay(afterFailures:)) == [0, 0.25, 0.5, 1, 2, 4, 8, 8])
  }

  @Test func aCommitThatLostTheRaceIsAppliedAgainToTheWinnersState() async throws {
    let store = CASRegister(RoomFixture.playing(["a", "b"]).record)
    // This node still holds seq 7; another node paused the room meanwhile (seq 8).
    let held = Room(record: store.record)
    var other = held
    other.pause(at: 1_010, durations: other.durations)
    #expect(store.write(other.record, base: 7))
    let outcome = try await RoomCompareAndSet.commit(
      held, change: { try $0.jump(to: 1, at: 1_020, durations: $0.durations) },
      write: { store.write($0, base: $1) }, reload: { store.record })
    #expect(outcome.reloaded)
    #expect(outcome.room.record.seq == 9)
    #expect(outcome.room.record.clock.paused)  // the other node's pause is kept
    #expect(outcome.room.record.clock.currentIndex == 1)
    #expect(store.history == [8, 9])
  }

  @Test func nodesRacingOnOneRoomNeverForkIt() async throws {
    let store = CASRegister(RoomFixture.playing(["a", "b", "c"]).record)
    await withTaskGroup(of: Void.self) { group in
      for node in 0..<4 {
        group.addTask {
          var held = Room(record: store.record)
          for step in 0..<25 {
            let outcome = try? await RoomCompareAndSet.commit(
              held, attempts: 1_000,
              change: { room in try room.seek(to: Double(node * 100 + step), at: 1_000, durations: room.durations) },
              write: { record, base in
                await Task.yield()
                return store.write(record, base: base)
              }, reload: { store.record })
            if let outcome { held = outcome.room }
          }
        }
      }
    }
    #expect(store.history == Array(8...107))
  }

  @Test func aRoomDeletedMeanwhileIsNotFound() async {
    let held = RoomFixture.playing(["a"])
    let error = await #expect(throws: CoreError.self) {
      try await RoomCompareAndSet.commit(
        held, change: { $0.rename(name: "x", description: nil) }, write: { _, _ in false }, reload: { nil })
    }
    #expect(error?.code == .notFound)
  }
}

/// A stored room with compare-and-set writes, as the stores do it; `history` is every seq written.
private final class CASRegister: Sendable {
  private let state: Mutex<(record: RoomRecord, history: [Int64])>

  init(_ record: RoomRecord) { state = Mutex((record, [])) }

  var record: RoomRecord { state.withLock { $0.record } }
  var history: [Int64] { state.withLock { $0.history } }

  func write(_ record: RoomRecord, base: Int64) -> Bool {
    state.withLock { state in
      guard state.record.seq == base else { return false }
      state.record = record
      state.history.append(record.seq)
      return true
    }
  }
}
