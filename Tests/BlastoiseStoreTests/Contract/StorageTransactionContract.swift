import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `Storage.transaction` must do: all of it or none of it, seen by the body,
/// as if one at a time.
@Suite struct StorageTransactionContract {
  struct Abort: Error {}

  @Test(arguments: StoreBackends.all)
  func writesToTwoStoresCommitTogether(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let returned = try await storage.transaction { storage in
        let ann = try await Fixture.user("Ann", in: storage)
        try await storage.playlists.insert(Fixture.playlist("p1", owner: ann))
        return ann.id
      }
      let ann = try #require(try await storage.accounts.user(usernameKey: "ann"))
      #expect(ann.id == returned)
      #expect(try await storage.playlists.playlist(id: "p1")?.ownerName == "Ann")
    }
  }

  @Test(arguments: StoreBackends.all)
  func aThrowRollsBackBothStores(backend: StoreBackend) async throws {
    try await backend.withStorage { storage async throws in
      await #expect(throws: Abort.self) {
        try await storage.transaction { storage in
          let ann = try await Fixture.user("Ann", in: storage)
          try await storage.rooms.insert(Fixture.room("room-1", createdBy: ann.id))
          throw Abort()
        }
      }
      #expect(try await storage.accounts.user(usernameKey: "ann") == nil)
      #expect(try await storage.rooms.rooms().isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aStoreConflictInsideRollsBackAndSurfacesAsConflict(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Fixture.user("Ann", in: storage)
      let error = await #expect(throws: CoreError.self) {
        try await storage.transaction { storage in
          try await storage.rooms.insert(Fixture.room("room-1"))
          try await Fixture.user("Ann", in: storage)
        }
      }
      #expect(error?.code == .conflict)
      #expect(try await storage.rooms.rooms().isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func readsInsideSeeTheTransactionsOwnWrites(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let seen = try await storage.transaction { storage in
        let ann = try await Fixture.user("Ann", in: storage)
        try await storage.playlists.insert(Fixture.playlist("p1", owner: ann))
        try await storage.imports.insert([Fixture.job("j1", owner: ann)])
        return (
          try await storage.accounts.user(usernameKey: "ann") == ann,
          try await storage.playlists.playlist(id: "p1")?.ownerName,
          try await storage.imports.jobs().map(\.id)
        )
      }
      #expect(seen.0)
      #expect(seen.1 == "Ann")
      #expect(seen.2 == ["j1"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func callingTheOuterStorageInsideFailsInsteadOfHanging(backend: StoreBackend) async throws {
    try await backend.withStorage { outer in
      let outcome = try await withHangGuard {
        try await outer.transaction { _ in
          do {
            _ = try await outer.rooms.rooms()
            return "the outer storage answered"
          } catch {
            return "refused"
          }
        }
      }
      #expect(outcome == "refused")
      let nested = try await withHangGuard {
        try await outer.transaction { _ in
          do {
            try await outer.transaction { _ in }
            return "the outer storage opened a second transaction"
          } catch {
            return "refused"
          }
        }
      }
      #expect(nested == "refused")
      #expect(try await outer.rooms.rooms().isEmpty)  // and it still works afterwards
    }
  }

  @Test(arguments: StoreBackends.all)
  func nestedTransactionOnTheInnerStorageJoins(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await withHangGuard {
        try await storage.transaction { inner in
          _ = try await inner.transaction { joined in try await Fixture.user("Ann", in: joined) }
          #expect(try await inner.accounts.user(usernameKey: "ann") != nil)
        }
      }
      #expect(try await storage.accounts.user(usernameKey: "ann") != nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func nestedTransactionIsRolledBackWithTheOuterOne(backend: StoreBackend) async throws {
    try await backend.withStorage { storage async throws in
      await #expect(throws: Abort.self) {
        try await withHangGuard {
          try await storage.transaction { inner in
            _ = try await inner.transaction { joined in try await Fixture.user("Ann", in: joined) }
            throw Abort()
          }
        }
      }
      #expect(try await storage.accounts.user(usernameKey: "ann") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aTransactionsStorageRefusesWorkOnceItHasEnded(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let escaped = try await storage.transaction { $0 }
      await #expect(throws: (any Error).self) { try await escaped.rooms.insert(Fixture.room("stray")) }
      // Nor may it slip its writes into a transaction someone else has open.
      try await withHangGuard {
        try await storage.transaction { storage in
          try await storage.rooms.insert(Fixture.room("mine"))
          let refused = await Task.detached {
            do {
              try await escaped.rooms.insert(Fixture.room("stray"))
              return false
            } catch {
              return true
            }
          }.value
          #expect(refused)
        }
      }
      #expect(try await storage.rooms.rooms().map(\.id) == ["mine"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func concurrentTransactionsLoseNoIncrement(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann))
      // Each transaction is some ten hops between the pool and the store's queue, one at a time:
      // beside the rest of the suite on two cores a hop can wait long for a thread, and 50
      // writers passed the 120 s guard twice in one day (alone they take 0.3 s). 24 still
      // interleave; the guard only catches a hang.
      let writers = 24
      try await withHangGuard(seconds: 600) {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for writer in 0..<writers {
            group.addTask {
              try await storage.transaction { storage in
                guard var playlist = try await storage.playlists.playlist(id: "p1") else { throw Abort() }
                await Task.yield()  // give the others every chance to interleave
                playlist.trackIds.append("sha256:\(writer)")
                try await storage.playlists.update(playlist)
              }
            }
          }
          try await group.waitForAll()
        }
      }
      let tracks = try #require(try await storage.playlists.playlist(id: "p1")).trackIds
      #expect(tracks.count == writers)
      #expect(Set(tracks) == Set((0..<writers).map { "sha256:\($0)" }))
    }
  }
}
