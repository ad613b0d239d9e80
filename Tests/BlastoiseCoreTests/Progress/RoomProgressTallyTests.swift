import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct RoomProgressTallyTests {
  let episode = SpokenRef(kind: .episodes, id: "https://feeds.example/e1.mp3", length: 600, feed: "f", guid: "g1")
  let secondFile = SpokenRef(kind: .books, id: "book:1", offset: 1_200, length: 3_000)

  func playing(_ ref: SpokenRef, entry: Int = 0, at position: Double, duration: Double = 600, running: Bool = true)
    -> RoomProgressTally.Playing
  {
    RoomProgressTally.Playing(ref: ref, entry: entry, position: position, duration: duration, running: running)
  }

  @Test func everyoneHearingGetsTheRoomsPositionInTheItem() {
    var tally = RoomProgressTally()
    let writes = tally.observe(at: 100, playing: playing(secondFile, at: 30), people: [2, 1])
    #expect(writes.map(\.userID) == [1, 2])
    #expect(writes.allSatisfy { $0.position == 1_230 && $0.at == 100 && $0.ref == secondFile })
    #expect(tally.wantsTicks)
  }

  @Test func whoLeavesKeepsWhereTheRoomHadGotTo() {
    var tally = RoomProgressTally()
    _ = tally.observe(at: 100, playing: playing(episode, at: 30), people: [1, 2])
    // Twenty seconds later person 2 leaves: both are written, 2 at where the room is now.
    let writes = tally.observe(at: 120, playing: playing(episode, at: 50), people: [1])
    #expect(writes.contains(.init(userID: 2, ref: episode, position: 50, at: 120)))
    #expect(writes.contains(.init(userID: 1, ref: episode, position: 50, at: 120)))
    #expect(writes.count == 2)
  }

  @Test func movingOnFinishesTheEntryForEveryoneWhoHeardIt() {
    var tally = RoomProgressTally()
    _ = tally.observe(at: 100, playing: playing(episode, at: 590), people: [1])
    // The room crossed into a music track 30 s later: the episode ran to its end (10 s after it
    // was seen), not past it.
    let writes = tally.observe(at: 130, playing: nil, people: [1])
    #expect(writes == [.init(userID: 1, ref: episode, position: 600, at: 110 - 0.001)])
    #expect(!tally.wantsTicks)
    #expect(tally.observe(at: 145, playing: nil, people: [1]).isEmpty)
  }

  @Test func aPausedRoomDoesNotMoveAnyoneOn() {
    var tally = RoomProgressTally()
    _ = tally.observe(at: 100, playing: playing(episode, at: 40, running: false), people: [1])
    #expect(!tally.wantsTicks)
    let writes = tally.observe(at: 400, playing: nil, people: [])
    #expect(writes == [.init(userID: 1, ref: episode, position: 40, at: 400 - 0.001)])
  }

  @Test func theSameItemTwiceInTheQueueIsTwoEntries() {
    var tally = RoomProgressTally()
    _ = tally.observe(at: 100, playing: playing(episode, entry: 0, at: 595), people: [1])
    // The first play ended at 105, before the second one's position was true.
    let writes = tally.observe(at: 110, playing: playing(episode, entry: 1, at: 5), people: [1])
    #expect(
      writes == [
        .init(userID: 1, ref: episode, position: 600, at: 105 - 0.001),
        .init(userID: 1, ref: episode, position: 5, at: 110),
      ])
  }

  @Test func nobodyHearingWritesNothing() {
    var tally = RoomProgressTally()
    #expect(tally.observe(at: 100, playing: playing(episode, at: 10), people: []).isEmpty)
    #expect(!tally.wantsTicks)
  }
}
