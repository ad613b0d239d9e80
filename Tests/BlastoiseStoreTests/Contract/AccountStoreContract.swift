import BlastoiseCore
import Testing

/// What every backend's `AccountStore` must do.
@Suite struct AccountStoreContract {
  @Test(arguments: StoreBackends.all)
  func firstNonGuestAccountBecomesAdmin(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let guest = try await Fixture.user("guest-abc", role: .guest, in: storage)
      let first = try await Fixture.user("Ann", role: .user, in: storage)
      let second = try await Fixture.user("Bob", role: .user, in: storage)
      #expect(guest.role == .guest)
      #expect(first.role == .admin)
      #expect(second.role == .user)
      #expect(try await storage.accounts.user(usernameKey: "ann")?.role == .admin)
    }
  }

  /// However the backend runs writers side by side, they decide "first account" as if one at a time.
  @Test(arguments: StoreBackends.all)
  func accountsMadeAtOnceMakeExactlyOneAdmin(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let users = try await withHangGuard {
        try await withThrowingTaskGroup(of: StoredUser.self) { group in
          for index in 0..<20 { group.addTask { try await Fixture.user("user\(index)", in: storage) } }
          return try await group.reduce(into: []) { $0.append($1) }
        }
      }
      #expect(users.filter { $0.role == .admin }.count == 1)
      #expect(users.count == 20)
    }
  }

  @Test(arguments: StoreBackends.all)
  func createdUserIsFoundByItsKey(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let created = try await storage.accounts.createUser(
        username: "Ann Smith", usernameKey: "ann smith", passwordHash: "hash", role: .user, firstAllowed: true)
      let found = try await storage.accounts.user(usernameKey: "ann smith")
      #expect(found == created)
      #expect(found?.username == "Ann Smith")
      #expect(found?.passwordHash == "hash")
    }
  }

  @Test(arguments: StoreBackends.all)
  func accountWithoutPasswordKeepsNoHash(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Fixture.user("guest-xyz", role: .guest, in: storage)
      let found = try await storage.accounts.user(usernameKey: "guest-xyz")
      #expect(found?.passwordHash == nil)
      #expect(found?.role == .guest)
    }
  }

  @Test(arguments: StoreBackends.all)
  func unknownUsernameIsNil(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Fixture.user("Ann", in: storage)
      #expect(try await storage.accounts.user(usernameKey: "bob") == nil)
      #expect(try await storage.accounts.user(usernameKey: "Ann") == nil)  // keys are compared exactly
    }
  }

  @Test(arguments: StoreBackends.all)
  func takenUsernameIsConflict(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Fixture.user("Ann", in: storage)
      let error = await #expect(throws: CoreError.self) {
        try await storage.accounts.createUser(
          username: "ANN", usernameKey: "ann", passwordHash: "h", role: .user, firstAllowed: true)
      }
      #expect(error?.code == .conflict)
    }
  }

  @Test(arguments: StoreBackends.all)
  func userIDsAreDistinct(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      #expect(ann.id != bob.id)
    }
  }
}
