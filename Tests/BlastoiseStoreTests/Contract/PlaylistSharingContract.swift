import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `PlaylistStore` must do with shared lists: public playlists of others,
/// plus those opened through a link that is still valid.
@Suite struct PlaylistSharingContract {
  @Test(arguments: StoreBackends.all)
  func sharedListsArePublicOnesOfOthersAndRememberedLinks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      let carol = try await Fixture.user("Carol", in: storage)
      try await storage.playlists.insert(Fixture.playlist("ann-public", owner: ann, isPublic: true))
      try await storage.playlists.insert(Fixture.playlist("ann-private", owner: ann))
      try await storage.playlists.insert(Fixture.playlist("ann-linked", owner: ann, shareToken: "token-1"))
      try await storage.playlists.insert(Fixture.playlist("bob-public", owner: bob, isPublic: true))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "ann-linked")

      let bobs = try await storage.playlists.sharedPlaylists(for: bob.id)
      #expect(Set(bobs.map(\.id)) == ["ann-public", "ann-linked"])
      #expect(bobs.allSatisfy { $0.ownerName == "Ann" })
      #expect(
        Set(try await storage.playlists.sharedPlaylists(for: carol.id).map(\.id)) == ["ann-public", "bob-public"])
      #expect(try await storage.playlists.sharedPlaylists(for: ann.id).map(\.id) == ["bob-public"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func rememberingALinkTwiceListsItOnce(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, isPublic: true, shareToken: "token-1"))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).map(\.id) == ["p1"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func revokedShareTokenDropsRememberedLinks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      var revoked = try #require(try await storage.playlists.playlist(id: "p1"))
      revoked.shareToken = nil
      try await storage.playlists.update(revoked)
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).isEmpty)
      #expect(try await storage.playlists.playlist(shareToken: "token-1") == nil)

      // Sharing again makes a new link; those who opened the old one must open the new one.
      revoked.shareToken = "token-2"
      try await storage.playlists.update(revoked)
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func otherUpdatesKeepRememberedLinks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      var renamed = try #require(try await storage.playlists.playlist(id: "p1"))
      renamed.name = "Renamed"
      try await storage.playlists.update(renamed)
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).map(\.name) == ["Renamed"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func publicPlaylistStaysSharedAfterItsLinkIsRevoked(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, isPublic: true, shareToken: "token-1"))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      var revoked = try #require(try await storage.playlists.playlist(id: "p1"))
      revoked.shareToken = nil
      try await storage.playlists.update(revoked)
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).map(\.id) == ["p1"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func deletedPlaylistLeavesSharedLists(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      try await storage.playlists.insert(Fixture.playlist("p2", owner: ann, isPublic: true))
      try await storage.playlists.rememberLink(userID: bob.id, playlistID: "p1")
      try await storage.playlists.delete(id: "p1")
      try await storage.playlists.delete(id: "p2")
      #expect(try await storage.playlists.sharedPlaylists(for: bob.id).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func takenShareTokenIsConflict(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann, shareToken: "token-1"))
      var other = Fixture.playlist("p2", owner: ann)
      try await storage.playlists.insert(other)
      other.shareToken = "token-1"
      let error = await #expect(throws: CoreError.self) { try await storage.playlists.update(other) }
      #expect(error?.code == .conflict)
      #expect(try await storage.playlists.playlist(shareToken: "token-1")?.id == "p1")
    }
  }
}
