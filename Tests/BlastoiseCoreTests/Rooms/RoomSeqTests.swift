import BlastoiseCore
import Testing

/// `seq` moves on with every change, so clients can drop older states.
@Suite struct RoomSeqTests {
  @Test func everyChangeBumpsSeqByOne() throws {
    var room = RoomFixture.playing(["a", "b", "c"])
    var seq = room.record.seq
    func bumped(_ room: Room) -> Bool {
      defer { seq = room.record.seq }
      return room.record.seq == seq + 1
    }
    room.pause(at: 1_010, durations: room.durations)
    #expect(bumped(room))
    room.resume(at: 1_020, durations: room.durations)
    #expect(bumped(room))
    try room.seek(to: 30, at: 1_030, durations: room.durations)
    #expect(bumped(room))
    try room.jump(to: 2, at: 1_040, durations: room.durations)
    #expect(bumped(room))
    room.setMode(.shuffle, at: 1_050, durations: room.durations)
    #expect(bumped(room))
    try room.edit(.add(["d"], insertAt: nil), by: nil, at: 1_060, lookup: RoomFixture.lookup)
    #expect(bumped(room))
    room.rename(name: "New", description: nil)
    #expect(bumped(room))
  }

  @Test func pausingAPausedRoomStillBumpsSeq() {
    var room = RoomFixture.playing(["a"])
    room.pause(at: 1_010, durations: room.durations)
    let seq = room.record.seq
    room.pause(at: 1_020, durations: room.durations)
    #expect(room.record.seq == seq + 1)
  }
}
