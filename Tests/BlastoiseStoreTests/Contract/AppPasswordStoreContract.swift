import BlastoiseCore
import Testing

/// What every backend's `AppPasswordStore` must do: found by secret hash with its account, listed
/// newest first per account (with the sealed secret when it has one), deleted only by its owner, and
/// gone with its account's secret unique.
@Suite struct AppPasswordStoreContract {
  @Test(arguments: StoreBackends.all)
  func appPasswordsAreFoundListedAndDeleted(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      let phone = StoredAppPassword(id: "p1", userID: ann.id, name: "Phone", secretHash: "h1", createdAt: 1_000)
      let laptop = StoredAppPassword(
        id: "p2", userID: ann.id, name: "Laptop", secretHash: "h2", createdAt: 2_000, sealedSecret: "c2VhbGVk")
      try await storage.appPasswords.create(phone)
      try await storage.appPasswords.create(laptop)
      // The sealed secret comes back as it went in (token authentication reads it); none stays none.
      #expect(try await storage.appPasswords.list(userID: ann.id) == [laptop, phone])
      #expect(try await storage.appPasswords.find(secretHash: "h2")?.0.sealedSecret == "c2VhbGVk")
      #expect(try await storage.appPasswords.list(userID: bob.id).isEmpty)

      let found = try #require(try await storage.appPasswords.find(secretHash: "h1"))
      #expect(found.0 == phone && found.1 == ann)
      #expect(try await storage.appPasswords.find(secretHash: "nothing") == nil)
      try await storage.appPasswords.markUsed(id: "p1", at: 5_000)
      #expect(try await storage.appPasswords.find(secretHash: "h1")?.0.lastUsedAt == 5_000)

      #expect(try await !storage.appPasswords.delete(id: "p1", userID: bob.id))
      #expect(try await storage.appPasswords.delete(id: "p1", userID: ann.id))
      #expect(try await storage.appPasswords.find(secretHash: "h1") == nil)
      await #expect(throws: (any Error).self) {
        try await storage.appPasswords.create(
          StoredAppPassword(id: "p3", userID: bob.id, name: "Same secret", secretHash: "h2", createdAt: 3_000))
      }
    }
  }
}
