import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Edits by position (duplicates allowed), checked against the library, none lost when they race.
@Suite struct PlaylistEditTests {
  @Test func editsApplyByPosition() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let service = world.service
      let id = try await service.create(name: "Mine", description: "", trackIDs: ["sha256:a"], by: world.ann).id
      var tracks = try await service.edit(id, .add(["sha256:b", "sha256:a"], insertAt: nil), by: world.ann).trackIds
      #expect(tracks == ["sha256:a", "sha256:b", "sha256:a"])
      tracks = try await service.edit(id, .add(["sha256:c"], insertAt: 1), by: world.ann).trackIds
      #expect(tracks == ["sha256:a", "sha256:c", "sha256:b", "sha256:a"])
      tracks = try await service.edit(id, .remove([3]), by: world.ann).trackIds  // the second "a", not the first
      #expect(tracks == ["sha256:a", "sha256:c", "sha256:b"])
      tracks = try await service.edit(id, .move([0], to: 2), by: world.ann).trackIds
      #expect(tracks == ["sha256:c", "sha256:b", "sha256:a"])
      tracks = try await service.edit(id, .set(["sha256:d"]), by: world.ann).trackIds
      #expect(tracks == ["sha256:d"])
      #expect(try await service.visible(id, to: world.ann).trackIds == ["sha256:d"])
    }
  }

  @Test func unknownTracksAreRefusedAndNothingChanges() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let id = try await world.service.create(name: "Mine", description: "", trackIDs: ["sha256:a"], by: world.ann).id
      let error = await #expect(throws: CoreError.self) {
        try await world.service.edit(id, .add(["sha256:a", "sha256:zzz"], insertAt: nil), by: world.ann)
      }
      #expect(error?.code == .invalidInput)
      #expect(try await world.service.visible(id, to: world.ann).trackIds == ["sha256:a"])
      await #expect(throws: CoreError.self) {
        try await world.service.create(name: "Bad", description: "", trackIDs: ["sha256:zzz"], by: world.ann)
      }
    }
  }

  @Test func positionOutOfRangeIsRefusedAndNothingChanges() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let id = try await world.service.create(name: "Mine", description: "", trackIDs: ["sha256:a"], by: world.ann).id
      let error = await #expect(throws: CoreError.self) {
        try await world.service.edit(id, .remove([1]), by: world.ann)
      }
      #expect(error?.code == .invalidInput)
      #expect(try await world.service.visible(id, to: world.ann).trackIds == ["sha256:a"])
    }
  }

  @Test func concurrentEditsLoseNothing() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let service = world.service
      let ann = world.ann
      let id = try await service.create(name: "Mine", description: "", by: ann).id
      let edits = 50
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<edits {
          let track = PlaylistWorld.tracks[index % PlaylistWorld.tracks.count]
          group.addTask { _ = try await service.edit(id, .add([track], insertAt: 0), by: ann) }
        }
        try await group.waitForAll()
      }
      let tracks = try await service.visible(id, to: ann).trackIds
      #expect(tracks.count == edits)
      for track in PlaylistWorld.tracks {
        #expect(
          tracks.filter { $0 == track }.count == (0..<edits).filter { PlaylistWorld.tracks[$0 % 4] == track }.count)
      }
    }
  }
}
