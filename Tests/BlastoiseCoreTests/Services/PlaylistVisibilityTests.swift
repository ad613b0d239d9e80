import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Who sees and who changes a playlist: others' private ones are 404 (their existence does not
/// leak), others' public ones read-only (403 on change).
@Suite struct PlaylistVisibilityTests {
  @Test func othersPrivatePlaylistIsNotFound() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      for attempt in Self.everyAccess(list.id, by: world.bob, in: world) {
        let error = await #expect(throws: CoreError.self) { try await attempt() }
        #expect(error?.code == .notFound)
      }
    }
  }

  @Test func othersPublicPlaylistIsReadableButChangingItIsForbidden() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      _ = try await world.service.change(list.id, name: nil, description: nil, isPublic: true, by: world.ann)
      #expect(try await world.service.visible(list.id, to: world.bob).name == "Mine")
      for attempt in Self.everyAccess(list.id, by: world.bob, in: world).dropFirst() {
        let error = await #expect(throws: CoreError.self) { try await attempt() }
        #expect(error?.code == .forbidden)
      }
      #expect(try await world.service.visible(list.id, to: world.ann).trackIds.isEmpty)  // unchanged
    }
  }

  @Test func adminSeesAndChangesEveryPlaylist() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      #expect(try await world.service.visible(list.id, to: world.admin).id == list.id)
      let renamed = try await world.service.change(
        list.id, name: "Tidied", description: nil, isPublic: nil, by: world.admin)
      #expect(renamed.name == "Tidied")
      #expect(renamed.ownerId == world.ann.userID)
      try await world.service.delete(list.id, by: world.admin)
      await #expect(throws: CoreError.self) { try await world.service.visible(list.id, to: world.ann) }
    }
  }

  @Test func unknownPlaylistIsNotFound() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let error = await #expect(throws: CoreError.self) { try await world.service.visible("nope", to: world.admin) }
      #expect(error?.code == .notFound)
    }
  }

  @Test func bundleSeparatesMineFromShared() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let mine = try await world.service.create(name: "Mine", description: "", by: world.bob)
      let anns = try await world.service.create(name: "Ann's", description: "", by: world.ann)
      _ = try await world.service.change(anns.id, name: nil, description: nil, isPublic: true, by: world.ann)
      _ = try await world.service.create(name: "Ann's private", description: "", by: world.ann)
      let bundle = try await world.service.bundle(for: world.bob)
      #expect(bundle.mine.map(\.id) == [mine.id])
      #expect(bundle.shared.map(\.id) == [anns.id])
      #expect(bundle.shared.first?.ownerName == "Ann")
    }
  }

  /// Reading first, then every kind of change.
  static func everyAccess(_ id: String, by principal: Principal, in world: PlaylistWorld)
    -> [@Sendable () async throws -> Void]
  {
    let service = world.service
    return [
      { _ = try await service.visible(id, to: principal) },
      { _ = try await service.change(id, name: "Taken", description: nil, isPublic: nil, by: principal) },
      { _ = try await service.edit(id, .add(["sha256:a"], insertAt: nil), by: principal) },
      { _ = try await service.share(id, by: principal) },
      { _ = try await service.revokeShare(id, by: principal) },
      { try await service.delete(id, by: principal) },
    ]
  }
}
