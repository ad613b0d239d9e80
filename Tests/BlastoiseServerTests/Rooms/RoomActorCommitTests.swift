import BlastoiseCore
import Testing

@testable import BlastoiseServer

/// Every change is saved before it is applied; changes never overtake each other.
@Suite struct RoomActorCommitTests {
  @Test func concurrentAddsAllLand() async throws {
    try await RoomActorFixture.with { fixture in
      let room = fixture.room
      let adds = 20
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<adds {
          let track = index.isMultiple(of: 2) ? RoomActorFixture.trackA : RoomActorFixture.trackB
          group.addTask { _ = try await room.edit(.add([track], insertAt: nil), by: nil) }
        }
        try await group.waitForAll()
      }
      let record = await room.record
      #expect(record.queue.count == adds)
      #expect(record.queue.filter { $0 == RoomActorFixture.trackA }.count == adds / 2)
      #expect(record.seq == Int64(adds))
      #expect(try await fixture.stored() == record)
    }
  }

  @Test func changeWhoseSaveFailsIsNotAppliedAndThrows() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA]) { fixture in
      let before = await fixture.room.record
      await fixture.storage.close()
      await #expect(throws: (any Error).self) { try await fixture.room.resume() }
      await #expect(throws: (any Error).self) {
        try await fixture.room.edit(.add([RoomActorFixture.trackB], insertAt: nil), by: nil)
      }
      #expect(await fixture.room.record == before)
      #expect(await fixture.room.state(includeQueue: false).paused)
    }
  }

  @Test func refusedChangesAreNotSaved() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA]) { fixture async throws in
      let room = fixture.room
      for change in [
        { try await room.seek(to: .nan) }, { try await room.jump(to: 1) },
        { _ = try await room.edit(.add(["sha256:not-in-library"], insertAt: nil), by: nil) },
        { _ = try await room.edit(.remove([3]), by: nil) },
      ] as [@Sendable () async throws -> Void] {
        let error = await #expect(throws: CoreError.self) { try await change() }
        #expect(error?.code == .invalidInput)
      }
      #expect(await room.record.seq == 0)
      #expect(try await fixture.stored()?.seq == 0)
    }
  }

  @Test func savedRecordIsTheRoomsRecord() async throws {
    try await RoomActorFixture.with(queue: [RoomActorFixture.trackA, RoomActorFixture.trackB]) { fixture in
      let room = fixture.room
      try await room.resume()
      fixture.clock.advance(by: 12)
      try await room.seek(to: 40)
      try await room.setMode(.repeatOne)
      try await room.update(name: "Renamed", description: "Now with a description", mode: nil, djs: nil)
      let record = await room.record
      #expect(record.seq == 4)
      #expect(record.name == "Renamed")
      #expect(record.clock.mode == .repeatOne)
      #expect(try await fixture.stored() == record)
    }
  }
}
