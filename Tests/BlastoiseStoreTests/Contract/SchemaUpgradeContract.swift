import BlastoiseCore
import BlastoisePostgres
import BlastoiseStore
import Testing

/// What each backend's migrations do to data an earlier build stored (the same on both: the
/// migrations are numbered and behave alike).
@Suite struct SchemaUpgradeContract {
  /// A database at version N holds the same tables on either backend.
  @Test func bothBackendsMigrateInTheSameSteps() {
    let sqlite = BlastoiseSchema.migrations.map { "\($0.version) \($0.name)" }
    let postgres = PostgresSchema.migrations.map { "\($0.version) \($0.name)" }
    #expect(sqlite == postgres)
  }

  /// Migration 8: guest sessions from before the limit key count by their own address.
  @Test(arguments: StoreBackends.all)
  func guestSessionsOfAnEarlierBuildCountByTheirAddress(backend: StoreBackend) async throws {
    let seed: [StaticString] = [
      """
      INSERT INTO guest_sessions (token_hash, name, address, created_at, last_seen_at)
      VALUES ('old-1', 'guest-old-1', '2001:db8:1:2::1', 1, 1), ('old-2', 'guest-old-2', '2001:db8:1:2::2', 2, 2)
      """
    ]
    try await backend.withStorage(upgradedFrom: 7, seed: seed) { storage in
      let kept = try await storage.accounts.guestSessions()
      #expect(kept.map(\.limitKey) == ["2001:db8:1:2::1", "2001:db8:1:2::2"])
      // A new session counted by its /64 does not count the rows keyed by their own address.
      let new = StoredGuestSession(
        tokenHash: "new", name: "guest-new", address: "2001:db8:1:2::3", limitKey: "2001:db8:1:2::/64",
        createdAt: 3, lastSeenAt: 3)
      #expect(try await storage.accounts.createGuestSession(new, limitPerAddress: 1) == [])
      let again = StoredGuestSession(
        tokenHash: "old-again", name: "guest-old-again", address: "2001:db8:1:2::1", limitKey: "2001:db8:1:2::1",
        createdAt: 4, lastSeenAt: 4)
      #expect(try await storage.accounts.createGuestSession(again, limitPerAddress: 1) == ["old-1"])
    }
  }

  /// Migration 9: a library an earlier build scanned is read once more, so its tracks get covers.
  @Test(arguments: StoreBackends.all)
  func filesOfAnEarlierBuildAreReadAgainForTheirCovers(backend: StoreBackend) async throws {
    let seed: [StaticString] = [
      "INSERT INTO tracks (id, filename, duration, added_at) VALUES ('sha256:aa', 'a.mp3', 1, 0)",
      "INSERT INTO track_files (path, track_id, size, modified_ns) VALUES ('/music/a.mp3', 'sha256:aa', 10, 123)",
    ]
    try await backend.withStorage(upgradedFrom: 8, seed: seed) { storage in
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.files["/music/a.mp3"] == LibraryFile(path: "/music/a.mp3", size: 10, modified: -1))
      #expect(known.present == ["/music/a.mp3"])
      #expect(try await storage.library.track(id: "sha256:aa")?.coverID == nil)
    }
  }

  /// Migrations 30 and 31: files stored before tracks kept their size and bit rate (30), or their
  /// album gain (31), are read again at the next scan, for them.
  @Test(arguments: StoreBackends.all, [29, 30])
  func filesOfAnEarlierBuildAreReadAgainForNewTags(backend: StoreBackend, version: Int) async throws {
    let seed: [StaticString] = [
      "INSERT INTO tracks (id, filename, duration, added_at) VALUES ('sha256:aa', 'a.mp3', 1, 0)",
      "INSERT INTO track_files (path, track_id, size, modified_ns) VALUES ('/music/a.mp3', 'sha256:aa', 10, 123)",
    ]
    try await backend.withStorage(upgradedFrom: version, seed: seed) { storage in
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.files["/music/a.mp3"] == LibraryFile(path: "/music/a.mp3", size: 10, modified: -1))
      let track = try #require(try await storage.library.track(id: "sha256:aa"))
      #expect(track.size == nil && track.bitRate == nil && track.albumGainDb == nil && track.albumPeak == nil)
    }
  }

  /// Migration 10: a library stored before the catalog is read again at the next scan, for its
  /// tags; its tracks stay available meanwhile.
  @Test(arguments: StoreBackends.all)
  func filesStoredBeforeTheCatalogAreReadAgain(backend: StoreBackend) async throws {
    let seed: [StaticString] = [
      """
      INSERT INTO tracks (id, filename, title, artist, album, duration, added_at)
      VALUES ('sha256:a', 'a.mp3', 'A', 'Ann', 'Album', 60, 1)
      """,
      "INSERT INTO track_files (path, track_id, size, modified_ns) VALUES ('/music/a.mp3', 'sha256:a', 10, 5)",
    ]
    try await backend.withStorage(upgradedFrom: 9, seed: seed) { storage in
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.present == ["/music/a.mp3"])
      #expect(known.files["/music/a.mp3"]?.modified == -1)  // so ScanPlan reads it again
      #expect(try await storage.library.track(id: "sha256:a")?.available == true)
      #expect(try await storage.library.tracks().map(\.id) == ["sha256:a"])
    }
  }
}
