import BlastoiseCore
import Testing

/// Settling moves the clock to now and reports what clients must hear about.
@Suite struct RoomSettleTests {
  @Test func settleWithinTheEntryReportsNothing() {
    var room = RoomFixture.playing(["a", "b"])
    let seq = room.record.seq
    let changed = room.settle(at: 1_050, durations: room.durations)
    #expect(changed == false)
    #expect(room.record.seq == seq)
    #expect(room.record.clock.anchorTime == 1_050)
    #expect(room.record.clock.anchorPosition == 50)
  }

  @Test func settlePastTheEntryEndReportsTheNewEntry() {
    var room = RoomFixture.playing(["a", "b"])
    let seq = room.record.seq
    let changed = room.settle(at: 1_130, durations: room.durations)
    #expect(changed)
    #expect(room.record.seq == seq + 1)
    #expect(room.record.clock.currentIndex == 1)
    #expect(room.record.clock.anchorPosition == 30)
  }

  @Test func settleThatStopsTheRoomReportsIt() {
    var room = RoomFixture.playing(["a"], mode: .once)
    let changed = room.settle(at: 1_101, durations: room.durations)
    #expect(changed)
    #expect(room.record.clock.paused)
    #expect(room.record.clock.currentIndex == 0)
  }

  @Test func settleOfAPausedRoomReportsNothing() {
    var room = RoomFixture.playing(["a", "b"])
    room.pause(at: 1_010, durations: room.durations)
    let seq = room.record.seq
    let changed = room.settle(at: 5_000, durations: room.durations)
    #expect(changed == false)
    #expect(room.record.seq == seq)
    #expect(room.position(at: 9_000) == (0, 10))
  }
}
