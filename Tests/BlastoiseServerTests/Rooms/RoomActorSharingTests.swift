import BlastoiseCore
import Testing

@testable import BlastoiseServer

/// Two actors for one room over one store, as two nodes hold it: a change from a stale state is
/// applied again to what the other wrote, notices go out after commits, and a room read from the
/// store is adopted only when newer.
@Suite struct RoomActorSharingTests {
  @Test func aChangeFromAStaleStateIsAppliedToWhatTheOtherNodeWrote() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let notices = NoticeLog()
      let other = await fixture.otherNode(notices: notices)
      try await fixture.room.resume()  // seq 1, which `other` has not seen
      try await other.jump(to: 1)
      let stored = try #require(try await fixture.stored())
      #expect(stored.seq == 2)
      #expect(stored.clock.paused == false)  // the first node's resume is kept
      #expect(stored.clock.currentIndex == 1)
      #expect(await other.record == stored)
      #expect(notices.all == [RoomNotice(roomID: "room-1", seq: 2)])
    }
  }

  @Test func aStoredRoomIsAdoptedOnlyWhenNewer() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA]) { fixture in
      let other = await fixture.otherNode(notices: NoticeLog())
      let old = try #require(try await fixture.stored())
      try await fixture.room.resume()
      let new = try #require(try await fixture.stored())
      await other.adopt(new)
      #expect(await other.record == new)
      await other.adopt(old)
      #expect(await other.record == new)
    }
  }

  @Test func onlyTheOwnerWritesBoundaries() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let other = await fixture.otherNode(notices: NoticeLog())
      try await other.resume()
      let resumed = try #require(try await fixture.stored())
      fixture.clock.advance(by: 150)  // past the end of `a`
      await other.crossBoundary()
      #expect(try await fixture.stored() == resumed)  // not the owner: nothing written
      await other.ownershipChanged(owned: true)  // reads, then settles: the boundary is written
      let taken = try #require(try await fixture.stored())
      #expect(taken.seq == resumed.seq + 1)
      #expect(taken.clock.currentIndex == 1)
      #expect(abs(taken.clock.anchorPosition - 50) < 0.001)
    }
  }
}
