import BlastoiseCore
import Testing

/// Queue edits by position keep the playing entry playing, wherever it moves.
@Suite struct RoomEditTests {
  @Test func addingBeforeThePlayingEntryKeepsItPlaying() throws {
    var room = RoomFixture.playing(["a", "b"], index: 1)
    try room.edit(.add(["c", "d"], insertAt: 0), at: 1_040, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["c", "d", "a", "b"])
    #expect(room.position(at: 1_040) == (3, 40))
    #expect(room.record.clock.paused == false)
  }

  @Test func movingThePlayingEntryKeepsItPlaying() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 0)
    try room.edit(.move([0], to: 2), at: 1_020, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["b", "c", "a"])
    #expect(room.position(at: 1_020) == (2, 20))
  }

  @Test func removingAnotherEntryKeepsThePlayingOne() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 2)
    try room.edit(.remove([0]), at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["b", "c"])
    #expect(room.position(at: 1_010) == (1, 10))
  }

  @Test func removingThePlayingEntryStartsTheNextAtZero() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 1)
    try room.edit(.remove([1]), at: 1_060, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["a", "c"])
    #expect(room.position(at: 1_060) == (1, 0))
    #expect(room.record.clock.paused == false)
  }

  @Test func removingThePlayingLastEntryWrapsToTheFirst() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 2)
    try room.edit(.remove([2]), at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.position(at: 1_010) == (0, 0))
  }

  @Test func removingEverythingPausesTheRoom() throws {
    var room = RoomFixture.playing(["a", "b"])
    try room.edit(.remove([0, 1]), at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue.isEmpty)
    #expect(room.record.clock.paused)
  }

  @Test func emptyRoomThatGetsTracksStartsPlaying() throws {
    var room = RoomFixture.empty()
    try room.edit(.add(["b", "a"], insertAt: nil), at: 2_000, lookup: RoomFixture.lookup)
    #expect(room.record.clock.paused == false)
    #expect(room.position(at: 2_000) == (0, 0))
    #expect(room.position(at: 2_015) == (0, 15))
  }

  @Test func replacingTheQueueStartsItsFirstEntryAtZero() throws {
    var room = RoomFixture.playing(["a", "b"], index: 1, position: 30)
    try room.edit(.set(["c", "d"]), at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["c", "d"])
    #expect(room.position(at: 1_010) == (0, 0))
  }

  @Test func refusedEditChangesNothing() {
    let before = RoomFixture.playing(["a", "b"])
    var room = before
    #expect(throws: CoreError.self) { try room.edit(.remove([5]), at: 1_010, lookup: RoomFixture.lookup) }
    #expect(throws: CoreError.self) { try room.edit(.add(["c"], insertAt: 9), at: 1_010, lookup: RoomFixture.lookup) }
    #expect(room == before)
  }
}
