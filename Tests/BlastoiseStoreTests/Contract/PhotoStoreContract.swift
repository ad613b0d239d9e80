import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `PhotoStore` must do: the same bytes are kept once per person, a person
/// sees only their own photos, pages go newest first, the trash is left out of the timeline and
/// purged by age, and devices are counted.
@Suite struct PhotoStoreContract {
  static func photo(
    _ id: String, of userID: Int, sha: Character, taken: Int64, device: String? = "pixel", size: Int64 = 100
  ) -> StoredPhoto {
    StoredPhoto(
      id: id, userID: userID, name: "\(id).jpg", path: "u\(userID)/2024/05/\(id).jpg", takenAt: taken,
      month: "2024-05", size: size, sha256: String(repeating: sha, count: 64), format: .jpeg, device: device,
      assetID: device == nil ? nil : "asset-\(id)", addedAt: taken + 1)
  }

  @Test(arguments: StoreBackends.all)
  func theSameBytesAreKeptOncePerPerson(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      let first = Self.photo("p1", of: ann.id, sha: "a", taken: 1_000)
      #expect(try await storage.photos.add(first) == .added(first))
      // Ann again with the same bytes under another name: the first one answers.
      var again = Self.photo("p2", of: ann.id, sha: "a", taken: 2_000)
      again.path = "u\(ann.id)/2024/05/other.jpg"
      #expect(try await storage.photos.add(again) == .existing(first))
      // Bob with the same bytes has his own.
      let bobs = Self.photo("p3", of: bob.id, sha: "a", taken: 1_000)
      #expect(try await storage.photos.add(bobs) == .added(bobs))

      #expect(try await storage.photos.photo(id: "p1", userID: ann.id) == first)
      #expect(try await storage.photos.photo(id: "p1", userID: bob.id) == nil)
      #expect(try await storage.photos.photo(sha256: String(repeating: "a", count: 64), userID: bob.id) == bobs)
      #expect(try await storage.photos.known(userID: ann.id) == [first.known])
      #expect(try await storage.photos.usage(userID: ann.id) == PhotoUsage(bytes: 100, kept: 1, trashed: 0))
    }
  }

  @Test(arguments: StoreBackends.all)
  func pagesGoNewestFirstAndTheTrashIsApart(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      // Two taken at the same moment are ordered by ID, so a page ends between them safely.
      let photos = [
        Self.photo("a", of: ann.id, sha: "1", taken: 3_000), Self.photo("b", of: ann.id, sha: "2", taken: 2_000),
        Self.photo("c", of: ann.id, sha: "3", taken: 2_000), Self.photo("d", of: ann.id, sha: "4", taken: 1_000),
      ]
      for photo in photos { _ = try await storage.photos.add(photo) }
      let first = try await storage.photos.photos(userID: ann.id, trashed: false, limit: 2, before: nil)
      #expect(first.map(\.id) == ["a", "c"])
      let cursor = PhotoCursor(takenAt: first[1].takenAt, id: first[1].id)
      let rest = try await storage.photos.photos(userID: ann.id, trashed: false, limit: 10, before: cursor)
      #expect(rest.map(\.id) == ["b", "d"])

      #expect(try await storage.photos.setTrashed(id: "c", userID: ann.id, at: 5_000))
      #expect(try await storage.photos.setTrashed(id: "d", userID: ann.id, at: 9_000))
      #expect(!(try await storage.photos.setTrashed(id: "zzz", userID: ann.id, at: 9_000)))
      #expect(
        try await storage.photos.photos(userID: ann.id, trashed: false, limit: 10, before: nil).map(\.id) == ["a", "b"])
      #expect(
        try await storage.photos.photos(userID: ann.id, trashed: true, limit: 10, before: nil).map(\.id) == ["c", "d"])
      // Trashed photos are still known to a backup check: the phone does not send them again.
      #expect(try await storage.photos.known(userID: ann.id).count == 4)
      let usage = try await storage.photos.usage(userID: ann.id)
      #expect(usage.kept == 2 && usage.trashed == 2)

      let purged = try await storage.photos.purge(trashedBefore: 6_000)
      #expect(purged.map(\.id) == ["c"])
      #expect(try await storage.photos.photo(id: "c", userID: ann.id) == nil)
      #expect(try await storage.photos.setTrashed(id: "d", userID: ann.id, at: nil))
      #expect(try await storage.photos.photos(userID: ann.id, trashed: false, limit: 10, before: nil).count == 3)
    }
  }

  @Test(arguments: StoreBackends.all)
  func devicesAreCountedPerPerson(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      _ = try await storage.photos.add(Self.photo("a", of: ann.id, sha: "1", taken: 1_000, size: 10))
      _ = try await storage.photos.add(Self.photo("b", of: ann.id, sha: "2", taken: 5_000, size: 20))
      _ = try await storage.photos.add(Self.photo("c", of: ann.id, sha: "3", taken: 2_000, device: "camera"))
      _ = try await storage.photos.add(Self.photo("d", of: ann.id, sha: "4", taken: 2_000, device: nil))
      _ = try await storage.photos.add(Self.photo("e", of: bob.id, sha: "5", taken: 2_000))
      #expect(
        try await storage.photos.devices(userID: ann.id) == [
          PhotoDeviceInfo(name: "camera", photos: 1, bytes: 100, lastBackupAt: 2_001),
          PhotoDeviceInfo(name: "pixel", photos: 2, bytes: 30, lastBackupAt: 5_001),
        ])
    }
  }
}
