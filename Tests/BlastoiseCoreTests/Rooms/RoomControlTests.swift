import BlastoiseCore
import Testing

/// Pause, resume, seek, jump: what moves the clock and what is refused.
@Suite struct RoomControlTests {
  @Test func pauseFreezesThePositionAndResumeGoesOnFromIt() {
    var room = RoomFixture.playing(["a", "b"])
    room.pause(at: 1_030, durations: room.durations)
    #expect(room.position(at: 1_500) == (0, 30))
    room.resume(at: 2_000, durations: room.durations)
    #expect(room.position(at: 2_010) == (0, 40))
  }

  @Test func seekMovesWithinTheCurrentEntry() throws {
    var room = RoomFixture.playing(["a", "b"], index: 1)
    try room.seek(to: 150, at: 1_010, durations: room.durations)
    #expect(room.position(at: 1_020) == (1, 160))
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func seekToANonNumberIsRefused(seconds: Double) {
    let before = RoomFixture.playing(["a", "b"])
    var room = before
    let error = #expect(throws: CoreError.self) { try room.seek(to: seconds, at: 1_010, durations: room.durations) }
    #expect(error?.code == .invalidInput)
    #expect(room == before)
  }

  @Test func jumpStartsTheEntryAtZero() throws {
    var room = RoomFixture.playing(["a", "b", "c"])
    try room.jump(to: 2, at: 1_050, durations: room.durations)
    #expect(room.position(at: 1_050) == (2, 0))
    #expect(room.record.clock.paused == false)
  }

  @Test(arguments: [-1, 3, 100])
  func jumpOutOfRangeIsRefused(index: Int) {
    let before = RoomFixture.playing(["a", "b", "c"])
    var room = before
    let error = #expect(throws: CoreError.self) { try room.jump(to: index, at: 1_010, durations: room.durations) }
    #expect(error?.code == .invalidInput)
    #expect(room == before)
  }

  @Test func jumpInAnEmptyRoomIsRefused() {
    var room = RoomFixture.empty()
    #expect(throws: CoreError.self) { try room.jump(to: 0, at: 1_010, durations: room.durations) }
  }

  @Test func renameChangesOnlyWhatIsGiven() {
    var room = RoomFixture.playing(["a"])
    room.rename(name: nil, description: "Quiet")
    #expect(room.record.name == "Room")
    #expect(room.record.description == "Quiet")
    room.rename(name: "Library", description: nil)
    #expect(room.record.name == "Library")
    #expect(room.record.description == "Quiet")
  }
}
