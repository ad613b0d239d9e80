import BlastoiseCore
import BlastoiseSync
import Testing

/// What every backend's `RoomStore` must do: a record comes back exactly as written.
@Suite struct RoomStoreContract {
  /// A record with no field at its default, so a field the backend drops shows.
  static func busyRecord(id: String, createdBy: Int?) -> RoomRecord {
    var record = Fixture.room(
      id, name: "Kitchen ☕", createdBy: createdBy,
      queue: ["sha256:a", "sha256:b", "sha256:a", "sha256:\"quoted\""],
      clock: RoomClock(
        currentIndex: 2, paused: false, anchorPosition: 12.345_678, anchorTime: 1_700_000_123.456_789,
        mode: .shuffle, shuffleState: UInt64.max - 12_345),
      seq: 4_242)
    record.controlMode = .djs
    record.djs = [9, 3, 12]
    record.addedBy = ["ann", nil, "bé\"n", "ann"]
    record.inviteToken = "Zx9-_token"
    return record
  }

  @Test(arguments: StoreBackends.all)
  func noRoomsAtFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let rooms = try await storage.rooms.rooms()
      #expect(rooms.isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func insertedRoomRoundTripsEveryField(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let record = Self.busyRecord(id: "room-1", createdBy: ann.id)
      try await storage.rooms.insert(record)
      #expect(try await storage.rooms.rooms() == [record])
    }
  }

  @Test(arguments: StoreBackends.all)
  func defaultRoomWithoutCreatorRoundTrips(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let record = Fixture.room("main", createdBy: nil, isDefault: true, queue: [], clock: RoomClock(anchorTime: 5))
      try await storage.rooms.insert(record)
      #expect(try await storage.rooms.rooms() == [record])
    }
  }

  @Test(arguments: StoreBackends.all)
  func savedRoomRoundTripsEveryField(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.rooms.insert(Fixture.room("room-1", createdBy: ann.id))
      var changed = Self.busyRecord(id: "room-1", createdBy: ann.id)
      changed.description = "New description"
      #expect(try await storage.rooms.save(changed, replacing: 0))
      #expect(try await storage.rooms.rooms() == [changed])
      changed.queue = []
      changed.addedBy = []
      changed.inviteToken = nil
      changed.clock = RoomClock(currentIndex: 0, paused: true, anchorPosition: 0, anchorTime: 9, mode: .once)
      changed.seq += 1
      #expect(try await storage.rooms.save(changed, replacing: 4_242))
      #expect(try await storage.rooms.rooms() == [changed])
      #expect(try await storage.rooms.room(id: "room-1") == changed)
    }
  }

  /// A room written before control modes existed reads as "everyone" with no DJs; a change of
  /// mode and DJs alone is saved like any other field.
  @Test(arguments: StoreBackends.all)
  func controlModeAndDJsDefaultAndSave(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("room-1"))
      var room = try #require(try await storage.rooms.room(id: "room-1"))
      #expect(room.controlMode == .everyone)
      #expect(room.djs.isEmpty)
      for mode in RoomControlMode.allCases {
        room.controlMode = mode
        room.djs = mode == .djs ? [4] : []
        room.seq += 1
        #expect(try await storage.rooms.save(room, replacing: room.seq - 1))
        #expect(try await storage.rooms.room(id: "room-1") == room)
      }
    }
  }

  /// Nodes sharing a database race on a room: a write from a stale seq changes nothing.
  @Test(arguments: StoreBackends.all)
  func aSaveFromAStaleSeqWritesNothing(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("room-1"))
      var first = try #require(try await storage.rooms.room(id: "room-1"))
      var second = first
      first.name = "First"
      first.seq += 1
      second.name = "Second"
      second.seq += 1
      let base = first.seq - 1
      #expect(try await storage.rooms.save(first, replacing: base))
      #expect(try await storage.rooms.save(second, replacing: base) == false)
      #expect(try await storage.rooms.room(id: "room-1") == first)
      #expect(try await storage.rooms.save(second, replacing: 99) == false)
      #expect(try await storage.rooms.room(id: "missing") == nil)
      #expect(try await storage.rooms.save(Fixture.room("missing"), replacing: 0) == false)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deleteRemovesOnlyThatRoom(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("room-1"))
      try await storage.rooms.insert(Fixture.room("room-2"))
      try await storage.rooms.delete(id: "room-1")
      #expect(try await storage.rooms.rooms().map(\.id) == ["room-2"])
      try await storage.rooms.delete(id: "room-1")  // already gone: not an error
    }
  }

  @Test(arguments: StoreBackends.all)
  func insertingATakenIDIsConflict(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("room-1"))
      let error = await #expect(throws: CoreError.self) {
        try await storage.rooms.insert(Fixture.room("room-1", name: "Other"))
      }
      #expect(error?.code == .conflict)
      #expect(try await storage.rooms.rooms().map(\.name) == ["Room room-1"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func defaultRoomIsListedFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("a-room"))
      try await storage.rooms.insert(Fixture.room("z-main", isDefault: true))
      #expect(try await storage.rooms.rooms().map(\.id) == ["z-main", "a-room"])
    }
  }
}
