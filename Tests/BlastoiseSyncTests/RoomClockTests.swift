import Testing

@testable import BlastoiseSync

@Suite struct RoomClockTests {
  let durations = [10.0, 20.0, 30.0]

  func playing(_ mode: PlaybackMode, index: Int = 0, at time: Double = 1000) -> RoomClock {
    RoomClock(currentIndex: index, paused: false, anchorPosition: 0, anchorTime: time, mode: mode)
  }

  @Test func pausedClockDoesNotAdvance() {
    let clock = RoomClock(currentIndex: 1, paused: true, anchorPosition: 5, anchorTime: 1000)
    let later = clock.position(at: 999_999, durations: durations)
    #expect(later.index == 1)
    #expect(later.seconds == 5)
  }

  @Test func playingClockAdvancesWithWallTime() {
    let position = playing(.repeatAll).position(at: 1007.25, durations: durations)
    #expect(position.index == 0)
    #expect(position.seconds == 7.25)
  }

  @Test func repeatAllWrapsAcrossManyTracks() {
    let clock = playing(.repeatAll)
    #expect(clock.position(at: 1000 + 10, durations: durations) == (1, 0))
    #expect(clock.position(at: 1000 + 35, durations: durations) == (2, 5))
    #expect(clock.position(at: 1000 + 60 + 12, durations: durations) == (1, 2))
  }

  @Test func repeatAllAfterHoursIsExactAndCheap() {
    // 10 hours = 600 passes of the 60 s queue plus 42 s: entry 2, 12 s in.
    let position = playing(.repeatAll).position(at: 1000 + 36_000 + 42, durations: durations)
    #expect(position.index == 2)
    #expect(abs(position.seconds - 12) < 1e-6)
  }

  @Test func onceStopsAfterTheLastEntryRewound() {
    let clock = playing(.once, index: 1)
    let settled = clock.settled(at: 1000 + 20 + 30 + 5, durations: durations)
    #expect(settled.paused)
    #expect(settled.currentIndex == 0)
    #expect(settled.anchorPosition == 0)
    #expect(clock.position(at: 1000 + 25, durations: durations) == (2, 5))
  }

  @Test func repeatOneRepeatsTheSameEntry() {
    let position = playing(.repeatOne, index: 1).position(at: 1000 + 20 * 7 + 3, durations: durations)
    #expect(position == (1, 3))
  }

  @Test func shuffleNeverRepeatsAnEntryTwiceInARowAndIsDeterministic() {
    var clock = playing(.shuffle, at: 0)
    var visited = Set<Int>()
    for step in 1...200 {
      let next = clock.settled(at: Double(step) * 10, durations: [10, 10, 10, 10])  // one track end per step
      #expect(next.currentIndex != clock.currentIndex)
      visited.insert(next.currentIndex)
      clock = next
    }
    #expect(visited.count == 4)
    let replay = playing(.shuffle, at: 0).settled(at: 2000, durations: [10, 10, 10, 10])
    #expect(replay.currentIndex == clock.currentIndex)
  }

  @Test func settlingInStepsEqualsSettlingAtOnce() {
    for mode in PlaybackMode.allCases {
      let clock = playing(mode)
      let direct = clock.settled(at: 1000 + 777, durations: durations)
      var stepped = clock
      for time in stride(from: 1000.0, through: 1777, by: 13) {
        stepped = stepped.settled(at: time, durations: durations)
      }
      stepped = stepped.settled(at: 1777, durations: durations)
      #expect(direct.currentIndex == stepped.currentIndex, "\(mode)")
      #expect(abs(direct.anchorPosition - stepped.anchorPosition) < 1e-6, "\(mode)")
    }
  }

  @Test func controlsSettleFirst() {
    let clock = playing(.repeatAll)
    let paused = clock.pausing(at: 1015, durations: durations)
    #expect(paused.paused)
    #expect(paused.currentIndex == 1)
    #expect(paused.anchorPosition == 5)
    let resumed = paused.resuming(at: 5000, durations: durations)
    #expect(resumed.position(at: 5002, durations: durations) == (1, 7))
    let sought = resumed.seeking(to: 19.5, at: 5002, durations: durations)
    #expect(sought.position(at: 5002, durations: durations) == (1, 19.5))
    #expect(sought.position(at: 5003, durations: durations) == (2, 0.5))
    let jumped = sought.jumping(to: 0, at: 5003, durations: durations)
    #expect(jumped.position(at: 5004, durations: durations) == (0, 1 - RoomClock.jumpLead))
  }

  @Test func aJumpStartsItsEntryAMomentAheadAndHoldsUntilThen() {
    let clock = playing(.repeatAll).jumping(to: 2, at: 1004.25, durations: durations)
    #expect(clock.anchorTime == 1004.75)
    #expect(clock.position(at: 1004.5, durations: durations) == (2, 0))
    #expect(clock.settled(at: 1004.5, durations: durations) == clock, "a read during the lead moves nothing")
    #expect(clock.position(at: 1005.75, durations: durations) == (2, 1))
    #expect(clock.nextBoundary(durations: durations) == 1004.75 + durations[2])
    let sought = clock.seeking(to: 3, at: 1004.5, durations: durations)
    #expect(sought.position(at: 1004.5, durations: durations) == (2, 3), "a seek in the lead is at once")
    #expect(sought.position(at: 1005, durations: durations) == (2, 3.5))
    let paused = clock.pausing(at: 1004.5, durations: durations)
    #expect(paused.resuming(at: 1010, durations: durations).position(at: 1011, durations: durations) == (2, 1))
  }

  @Test func aPausedRoomJumpsAtOnce() {
    let clock = RoomClock(currentIndex: 0, paused: true, anchorPosition: 3, anchorTime: 1000)
    let jumped = clock.jumping(to: 1, at: 1002, durations: durations)
    #expect(jumped.anchorTime == 1002)
    #expect(jumped.position(at: 1002, durations: durations) == (1, 0))
  }

  @Test func seekIsClampedToTheTrack() {
    let clock = RoomClock(currentIndex: 0, paused: true, anchorPosition: 0, anchorTime: 0)
    #expect(clock.seeking(to: -5, at: 1, durations: durations).anchorPosition == 0)
    #expect(clock.seeking(to: 99, at: 1, durations: durations).anchorPosition == 10)
  }

  @Test func emptyQueueIsAPausedRoom() {
    let settled = playing(.repeatAll).settled(at: 2000, durations: [])
    #expect(settled.paused)
    #expect(settled.nextBoundary(durations: []) == nil)
  }

  @Test func nextBoundaryIsTheCurrentEntrysEnd() {
    let clock = playing(.repeatAll).settled(at: 1004, durations: durations)
    #expect(clock.nextBoundary(durations: durations) == 1010)
  }

  @Test func zeroLengthTracksCannotSpinTheClock() {
    let position = playing(.repeatAll).position(at: 1000 + 86_400, durations: [0, 0])
    #expect(position.index == 0 || position.index == 1)
  }
}
