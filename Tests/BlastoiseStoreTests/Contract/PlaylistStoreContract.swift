import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `PlaylistStore` must do with one playlist.
@Suite struct PlaylistStoreContract {
  @Test(arguments: StoreBackends.all)
  func insertedPlaylistComesBackWithItsOwnersName(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let playlist = Fixture.playlist("p1", owner: ann, tracks: ["sha256:b", "sha256:a", "sha256:b"])
      try await storage.playlists.insert(playlist)
      var expected = playlist
      expected.ownerName = "Ann"
      #expect(try await storage.playlists.playlist(id: "p1") == expected)
      #expect(try await storage.playlists.playlists(ownedBy: ann.id) == [expected])
    }
  }

  @Test(arguments: StoreBackends.all)
  func unknownPlaylistIsNil(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      #expect(try await storage.playlists.playlist(id: "p2") == nil)
      #expect(try await storage.playlists.playlist(shareToken: "token-2") == nil)
      #expect(try await storage.playlists.playlists(ownedBy: ann.id + 1_000).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func updateSavesEveryEditableField(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, tracks: ["sha256:a"]))
      var changed = try #require(try await storage.playlists.playlist(id: "p1"))
      changed.name = "Renamed"
      changed.description = "Longer description"
      changed.isPublic = true
      changed.shareToken = "token-1"
      changed.trackIds = ["sha256:c", "sha256:a", "sha256:c"]
      changed.updatedAt = 5_000
      try await storage.playlists.update(changed)
      #expect(try await storage.playlists.playlist(id: "p1") == changed)
      #expect(try await storage.playlists.playlist(shareToken: "token-1") == changed)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deleteRemovesThePlaylist(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      try await storage.playlists.insert(Fixture.playlist("p2", owner: ann))
      try await storage.playlists.delete(id: "p1")
      #expect(try await storage.playlists.playlist(id: "p1") == nil)
      #expect(try await storage.playlists.playlist(shareToken: "token-1") == nil)
      #expect(try await storage.playlists.playlists(ownedBy: ann.id).map(\.id) == ["p2"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func insertingATakenIDIsConflict(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann))
      let error = await #expect(throws: CoreError.self) {
        try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, name: "Again"))
      }
      #expect(error?.code == .conflict)
    }
  }

  @Test(arguments: StoreBackends.all)
  func ownedPlaylistsAreOnlyTheOwners(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("a1", owner: ann))
      try await storage.playlists.insert(Fixture.playlist("a2", owner: ann, isPublic: true))
      try await storage.playlists.insert(Fixture.playlist("b1", owner: bob, isPublic: true))
      let anns = try await storage.playlists.playlists(ownedBy: ann.id)
      #expect(Set(anns.map(\.id)) == ["a1", "a2"])
      #expect(anns.allSatisfy { $0.ownerName == "Ann" })
      #expect(try await storage.playlists.playlists(ownedBy: bob.id).map(\.id) == ["b1"])
    }
  }
}
