import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSync
import Testing

/// Queue edits by position keep the playing entry playing, wherever it moves.
@Suite struct RoomEditTests {
  @Test func addingBeforeThePlayingEntryKeepsItPlaying() throws {
    var room = RoomFixture.playing(["a", "b"], index: 1)
    try room.edit(.add(["c", "d"], insertAt: 0), by: nil, at: 1_040, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["c", "d", "a", "b"])
    #expect(room.position(at: 1_040) == (3, 40))
    #expect(room.record.clock.paused == false)
  }

  @Test func movingThePlayingEntryKeepsItPlaying() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 0)
    try room.edit(.move([0], to: 2), by: nil, at: 1_020, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["b", "c", "a"])
    #expect(room.position(at: 1_020) == (2, 20))
  }

  @Test func removingAnotherEntryKeepsThePlayingOne() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 2)
    try room.edit(.remove([0]), by: nil, at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["b", "c"])
    #expect(room.position(at: 1_010) == (1, 10))
  }

  @Test func removingThePlayingEntryStartsTheNextAtZero() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 1)
    try room.edit(.remove([1]), by: nil, at: 1_060, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["a", "c"])
    #expect(room.position(at: 1_060) == (1, 0))
    #expect(room.record.clock.paused == false)
  }

  @Test func removingThePlayingLastEntryWrapsToTheFirst() throws {
    var room = RoomFixture.playing(["a", "b", "c"], index: 2)
    try room.edit(.remove([2]), by: nil, at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.position(at: 1_010) == (0, 0))
  }

  @Test func removingEverythingPausesTheRoom() throws {
    var room = RoomFixture.playing(["a", "b"])
    try room.edit(.remove([0, 1]), by: nil, at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue.isEmpty)
    #expect(room.record.clock.paused)
  }

  @Test func emptyRoomThatGetsTracksStartsPlaying() throws {
    var room = RoomFixture.empty()
    try room.edit(.add(["b", "a"], insertAt: nil), by: nil, at: 2_000, lookup: RoomFixture.lookup)
    #expect(room.record.clock.paused == false)
    #expect(room.position(at: 2_000) == (0, 0))
    #expect(room.position(at: 2_015) == (0, 15))
  }

  @Test func replacingTheQueueStartsItsFirstEntryAtZero() throws {
    var room = RoomFixture.playing(["a", "b"], index: 1, position: 30)
    try room.edit(.set(["c", "d"]), by: nil, at: 1_010, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["c", "d"])
    #expect(room.position(at: 1_010) == (0, 0))
  }

  @Test func refusedEditChangesNothing() {
    let before = RoomFixture.playing(["a", "b"])
    var room = before
    #expect(throws: CoreError.self) { try room.edit(.remove([5]), by: nil, at: 1_010, lookup: RoomFixture.lookup) }
    #expect(throws: CoreError.self) {
      try room.edit(.add(["c"], insertAt: 9), by: nil, at: 1_010, lookup: RoomFixture.lookup)
    }
    #expect(room == before)
  }
}

/// Who added each entry follows it through every edit.
@Suite struct RoomAttributionTests {
  @Test func addersFollowTheirEntriesThroughAddsMovesAndRemovals() throws {
    var room = RoomFixture.playing(["a"], index: 0)
    #expect(room.record.addedBy == [nil])
    try room.edit(.add(["b", "c"], insertAt: nil), by: "ana", at: 1_010, lookup: RoomFixture.lookup)
    try room.edit(.add(["d"], insertAt: 0), by: "ben", at: 1_020, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["d", "a", "b", "c"])
    #expect(room.record.addedBy == ["ben", nil, "ana", "ana"])
    try room.edit(.move([0], to: 3), by: "cat", at: 1_030, lookup: RoomFixture.lookup)
    #expect(room.record.queue == ["a", "b", "c", "d"])
    #expect(room.record.addedBy == [nil, "ana", "ana", "ben"])
    try room.edit(.remove([1]), by: "cat", at: 1_040, lookup: RoomFixture.lookup)
    #expect(room.record.addedBy == [nil, "ana", "ben"])
    try room.edit(.set(["b", "b"]), by: "dan", at: 1_050, lookup: RoomFixture.lookup)
    #expect(room.record.addedBy == ["dan", "dan"])
  }

  @Test func aStoredQueueWithoutAddersReadsAsAddedByNobodyKnown() {
    let record = RoomRecord(
      id: "r", name: "Room", description: "", createdBy: nil, isDefault: false, queue: ["a", "b", "c"],
      clock: RoomClock(anchorTime: 0), seq: 0, addedBy: ["ana"])
    #expect(record.addedBy == ["ana", nil, nil])
    let longer = RoomRecord(
      id: "r", name: "Room", description: "", createdBy: nil, isDefault: false, queue: ["a"],
      clock: RoomClock(anchorTime: 0), seq: 0, addedBy: ["ana", "ben"])
    #expect(longer.addedBy == ["ana"])
  }

  @Test func theQueueClientsSeeSaysWhoAddedEachEntry() throws {
    var room = RoomFixture.playing(["a"], index: 0)
    try room.edit(.add(["b"], insertAt: nil), by: "ana", at: 1_010, lookup: RoomFixture.lookup)
    let state = room.state(
      at: 1_020, tracks: { Track(id: $0, filename: "\($0).mp3", title: $0, duration: 100) }, listeners: [],
      listenerCount: 0, includeQueue: true)
    #expect(state.queue?.map(\.addedBy) == [nil, "ana"])
    #expect(state.queue?.map(\.id) == ["a", "b"])
  }
}
