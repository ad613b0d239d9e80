import BlastoiseCore
import BlastoiseSync
import Testing

@testable import BlastoiseServer

/// States are true at the injected clock's now: time moves only when the test moves it.
@Suite struct RoomActorClockTests {
  @Test func statePositionsFollowTheManualClock() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let room = fixture.room
      try await room.resume()
      var state = await room.state(includeQueue: false)
      #expect(state.currentIndex == 0)
      #expect(state.currentTimestamp == 0)
      #expect(state.serverTime == Int64(fixture.clock.now() * 1000))
      fixture.clock.advance(by: 30)
      state = await room.state(includeQueue: false)
      #expect(state.currentTimestamp == 30)
      fixture.clock.advance(by: 100)  // past the end of a (100 s): 30 s into b
      state = await room.state(includeQueue: false)
      #expect(state.currentIndex == 1)
      #expect(state.currentTimestamp == 30)
      #expect(state.track?.id == RoomActorFixture.trackB)
    }
  }

  @Test func aStateIsTrueAtItsWholeMillisecond() async throws {
    // serverTime is in whole milliseconds; the position must be the one at that millisecond,
    // not at the instant between two (each listener's copy would be off by another amount).
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA]) { fixture in
      let room = fixture.room
      try await room.resume()
      fixture.clock.advance(by: 30.0004)
      let state = await room.state(includeQueue: false)
      #expect(state.serverTime == 1_700_000_030_000)
      #expect(state.currentTimestamp == 30)
    }
  }

  @Test func aJumpsStateIsTrueWhenItsTrackStartsAMomentAhead() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let room = fixture.room
      try await room.resume()
      fixture.clock.advance(by: 30)
      try await room.jump(to: 1)
      let startsAt = Int64((fixture.clock.now() + RoomClock.jumpLead) * 1000)
      var state = await room.state(includeQueue: false)
      #expect(state.track?.id == RoomActorFixture.trackB)
      #expect(state.currentTimestamp == 0)
      #expect(state.serverTime == startsAt, "what listeners hear of the jump before it happens")
      fixture.clock.advance(by: 0.2)  // a listener joining in the lead gets the same
      state = await room.state(includeQueue: false)
      #expect(state.currentTimestamp == 0 && state.serverTime == startsAt)
      fixture.clock.advance(by: 1.3)
      state = await room.state(includeQueue: false)
      #expect(state.currentTimestamp == 1)
      #expect(state.serverTime == Int64(fixture.clock.now() * 1000))
    }
  }

  @Test func pausedRoomStaysPutWhileTheClockMoves() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA]) { fixture in
      let room = fixture.room
      try await room.resume()
      fixture.clock.advance(by: 25)
      try await room.pause()
      fixture.clock.advance(by: 1_000)
      let state = await room.state(includeQueue: false)
      #expect(state.paused)
      #expect(state.currentTimestamp == 25)
    }
  }

  @Test func changesSettleAtTheManualClocksNow() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let room = fixture.room
      try await room.resume()
      fixture.clock.advance(by: 70)
      _ = try await room.edit(.add([RoomActorFixture.trackB], insertAt: 0), by: nil)  // the playing entry moves to 1
      let stored = try #require(try await fixture.stored())
      #expect(stored.clock.currentIndex == 1)
      #expect(stored.clock.anchorTime == fixture.clock.now())
      #expect(stored.clock.anchorPosition == 70)
    }
  }
}
