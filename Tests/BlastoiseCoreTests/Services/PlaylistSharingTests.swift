import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Share links: made by the owner, kept until revoked, remembered for those who open them.
@Suite struct PlaylistSharingTests {
  @Test func sharingTwiceKeepsTheLinkAndRevokingThenSharingMakesANewOne() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      let first = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      #expect(try await world.service.share(list.id, by: world.ann).shareToken == first)
      #expect(try await world.service.revokeShare(list.id, by: world.ann).shareToken == nil)
      let second = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      #expect(second != first)
    }
  }

  @Test func openingALinkShowsThePlaylistAndRememberingListsItAsShared() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      let token = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      #expect(try await world.service.open(link: token, by: world.bob).id == list.id)
      #expect(try await world.service.bundle(for: world.bob).shared.isEmpty)  // opening changes nothing
      _ = try await world.service.remember(link: token, by: world.bob)
      #expect(try await world.service.bundle(for: world.bob).shared.map(\.id) == [list.id])
      // A link shows the playlist, but does not make it Bob's to change.
      await #expect(throws: CoreError.self) { try await world.service.share(list.id, by: world.bob) }
    }
  }

  @Test func ownersAndGuestsOpeningALinkAreNotRemembered() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      let token = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      #expect(try await world.service.open(link: token, by: world.ann).id == list.id)
      #expect(try await world.service.open(link: token, by: world.guest).id == list.id)
      #expect(try await world.service.bundle(for: world.ann).shared.isEmpty)
      #expect(try await world.service.bundle(for: world.guest).shared.isEmpty)
    }
  }

  @Test func revokedLinkIsNotFoundAndLeavesSharedLists() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(name: "Mine", description: "", by: world.ann)
      let token = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      _ = try await world.service.open(link: token, by: world.bob)
      _ = try await world.service.revokeShare(list.id, by: world.ann)
      for link in [token, ""] {
        let error = await #expect(throws: CoreError.self) { try await world.service.open(link: link, by: world.bob) }
        #expect(error?.code == .notFound)
      }
      #expect(try await world.service.bundle(for: world.bob).shared.isEmpty)
      let error = await #expect(throws: CoreError.self) { try await world.service.visible(list.id, to: world.bob) }
      #expect(error?.code == .notFound)
    }
  }

  @Test func copyIsTheCallersPrivateListOfTheTracksStillInTheLibrary() async throws {
    try await withTempStorage { storage in
      let world = try await PlaylistWorld(storage)
      let list = try await world.service.create(
        name: "Road trip", description: "Loud", trackIDs: ["sha256:a", "sha256:b", "sha256:a"], by: world.ann)
      let token = try #require(try await world.service.share(list.id, by: world.ann).shareToken)
      world.library.remove("sha256:b")
      let copy = try await world.service.copy(link: token, by: world.bob)
      #expect(copy.id != list.id)
      #expect(copy.ownerId == world.bob.userID)
      #expect(copy.name == "Road trip")
      #expect(copy.description == "Loud")
      #expect(copy.trackIds == ["sha256:a", "sha256:a"])
      #expect(copy.isPublic == false)
      #expect(copy.shareToken == nil)
      #expect(try await world.service.visible(copy.id, to: world.bob) == copy)
      #expect(try await world.service.visible(list.id, to: world.ann).trackIds.count == 3)  // original untouched
    }
  }
}
