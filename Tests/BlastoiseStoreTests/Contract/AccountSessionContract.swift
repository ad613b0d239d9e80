import BlastoiseCore
import Testing

/// What every backend's `AccountStore` must do with sessions.
@Suite struct AccountSessionContract {
  @Test(arguments: StoreBackends.all)
  func sessionIsReadWithItsUser(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let session = Fixture.session("token-1", of: ann, createdAt: 100, lastSeenAt: 150)
      try await storage.accounts.createSession(session)
      let found = try #require(try await storage.accounts.session(tokenHash: "token-1"))
      #expect(found.0 == session)
      #expect(found.1 == ann)
    }
  }

  @Test(arguments: StoreBackends.all)
  func unknownSessionIsNil(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("token-1", of: ann))
      #expect(try await storage.accounts.session(tokenHash: "token-2") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func touchMovesLastSeenOnly(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("token-1", of: ann, createdAt: 100))
      try await storage.accounts.touchSessions(tokenHashes: ["token-1"], at: 500)
      let found = try #require(try await storage.accounts.session(tokenHash: "token-1"))
      #expect(found.0.lastSeenAt == 500)
      #expect(found.0.createdAt == 100)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deletedSessionIsGone(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("token-1", of: ann))
      try await storage.accounts.createSession(Fixture.session("token-2", of: ann))
      try await storage.accounts.deleteSession(tokenHash: "token-1")
      #expect(try await storage.accounts.session(tokenHash: "token-1") == nil)
      #expect(try await storage.accounts.session(tokenHash: "token-2") != nil)
      try await storage.accounts.deleteSession(tokenHash: "never-existed")  // not an error
    }
  }

  @Test(arguments: StoreBackends.all)
  func anAccountsSessionsAreListedTheOneSeenLastFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      try await storage.accounts.createSession(Fixture.session("ann-old", of: ann, createdAt: 1_000, lastSeenAt: 2_000))
      try await storage.accounts.createSession(Fixture.session("ann-new", of: ann, createdAt: 1_500, lastSeenAt: 9_000))
      try await storage.accounts.createSession(Fixture.session("bob-1", of: bob))
      let listed = try await storage.accounts.sessions(ofUser: ann.id)
      #expect(listed.map(\.tokenHash) == ["ann-new", "ann-old"])
      #expect(listed.first == Fixture.session("ann-new", of: ann, createdAt: 1_500, lastSeenAt: 9_000))
      #expect(try await storage.accounts.sessions(ofUser: 999).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aNewPasswordEndsTheOtherSessionsOfItsAccountOnly(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      for token in ["ann-1", "ann-2"] { try await storage.accounts.createSession(Fixture.session(token, of: ann)) }
      try await storage.accounts.createSession(Fixture.session("bob-1", of: bob))
      let ended = try await storage.accounts.replacePassword(ofUser: ann.id, hash: "new-hash", keeping: "ann-2")
      #expect(ended == ["ann-1"])
      #expect(try await storage.accounts.user(usernameKey: "ann")?.passwordHash == "new-hash")
      #expect(try await storage.accounts.user(usernameKey: "bob")?.passwordHash == "hash-of-Bob")
      #expect(try await storage.accounts.session(tokenHash: "ann-2")?.1.passwordHash == "new-hash")
      #expect(try await storage.accounts.session(tokenHash: "ann-1") == nil)
      #expect(try await storage.accounts.session(tokenHash: "bob-1") != nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deleteSessionsKeepsTheCurrentOneAndOtherUsers(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      for token in ["ann-1", "ann-2", "ann-3"] {
        try await storage.accounts.createSession(Fixture.session(token, of: ann))
      }
      try await storage.accounts.createSession(Fixture.session("bob-1", of: bob))
      let ended = try await storage.accounts.deleteSessions(ofUser: ann.id, keeping: "ann-2")
      #expect(Set(ended) == ["ann-1", "ann-3"])
      #expect(ended.count == 2)
      #expect(try await storage.accounts.session(tokenHash: "ann-1") == nil)
      #expect(try await storage.accounts.session(tokenHash: "ann-2") != nil)
      #expect(try await storage.accounts.session(tokenHash: "ann-3") == nil)
      #expect(try await storage.accounts.session(tokenHash: "bob-1") != nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deleteExpiredSessionsRemovesIdleAndOldOnes(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("fresh", of: ann, createdAt: 900, lastSeenAt: 950))
      try await storage.accounts.createSession(Fixture.session("idle", of: ann, createdAt: 900, lastSeenAt: 400))
      try await storage.accounts.createSession(Fixture.session("old", of: ann, createdAt: 100, lastSeenAt: 990))
      // Exactly at the limits is still alive: only strictly earlier times are dead.
      try await storage.accounts.createSession(Fixture.session("edge", of: ann, createdAt: 500, lastSeenAt: 500))
      let removed = try await storage.accounts.deleteExpiredSessions(
        lastSeenBefore: 500, createdBefore: 500, guestLastSeenBefore: 500)
      #expect(Set(removed) == ["idle", "old"])
      #expect(try await storage.accounts.session(tokenHash: "fresh") != nil)
      #expect(try await storage.accounts.session(tokenHash: "edge") != nil)
      #expect(try await storage.accounts.session(tokenHash: "idle") == nil)
      #expect(try await storage.accounts.session(tokenHash: "old") == nil)
    }
  }

  /// Guest session `token` (named after it) from `address`, counted by `key` (else the address),
  /// made at `time` and last seen at `seen` (else `time`).
  static func guest(_ token: String, from address: String, key: String? = nil, at time: Int64, seen: Int64? = nil)
    -> StoredGuestSession
  {
    StoredGuestSession(
      tokenHash: token, name: "guest-\(token)", address: address, limitKey: key ?? address, createdAt: time,
      lastSeenAt: seen ?? time)
  }

  @Test(arguments: StoreBackends.all)
  func guestSessionsExpireByTheirOwnIdleLimit(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      for (token, seen) in [("g-idle", Int64(300)), ("g-live", Int64(900))] {
        _ = try await storage.accounts.createGuestSession(
          Self.guest(token, from: "10.0.0.1", at: 100, seen: seen), limitPerAddress: 20)
      }
      let removed = try await storage.accounts.deleteExpiredSessions(
        lastSeenBefore: 0, createdBefore: 0, guestLastSeenBefore: 500)
      #expect(removed == ["g-idle"])
      #expect(try await storage.accounts.guestSession(tokenHash: "g-idle") == nil)
      #expect(try await storage.accounts.guestSession(tokenHash: "g-live")?.name == "guest-g-live")
    }
  }

  @Test(arguments: StoreBackends.all)
  func guestSessionsBeyondTheLimitOfAnAddressEndOldestFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      var ended: [String] = []
      for index in 0..<5 {
        ended += try await storage.accounts.createGuestSession(
          Self.guest("a-\(index)", from: "10.0.0.1", at: Int64(index)), limitPerAddress: 3)
      }
      _ = try await storage.accounts.createGuestSession(Self.guest("b-0", from: "10.0.0.2", at: 9), limitPerAddress: 3)
      #expect(ended == ["a-0", "a-1"])
      #expect(try await storage.accounts.guestSessions().map(\.tokenHash) == ["a-2", "a-3", "a-4", "b-0"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func guestSessionsMadeAtOnceKeepTheLimit(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ended = try await withHangGuard {
        try await withThrowingTaskGroup(of: [String].self) { group in
          for index in 0..<10 {
            group.addTask {
              try await storage.accounts.createGuestSession(
                Self.guest("c-\(index)", from: "10.0.0.9", at: Int64(index)), limitPerAddress: 3)
            }
          }
          return try await group.reduce(into: []) { $0 += $1 }
        }
      }
      let kept = try await storage.accounts.guestSessions().map(\.tokenHash)
      #expect(kept.count == 3)
      #expect(Set(ended).count == 7)
      #expect(Set(ended).isDisjoint(with: kept))
    }
  }

  /// The limit counts by `limitKey` (for IPv6 the server's /64), not by the address kept beside it.
  @Test(arguments: StoreBackends.all)
  func theGuestLimitCountsByLimitKeyAndKeepsEachAddress(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      var ended: [String] = []
      for index in 0..<4 {
        let guest = Self.guest(
          "n-\(index)", from: "2001:db8:1:2::\(index + 1)", key: "2001:db8:1:2::/64", at: Int64(index))
        ended += try await storage.accounts.createGuestSession(guest, limitPerAddress: 3)
      }
      #expect(ended == ["n-0"])
      let kept = try await storage.accounts.guestSessions()
      #expect(kept.map(\.address) == ["2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:1:2::4"])
      #expect(kept.allSatisfy { $0.limitKey == "2001:db8:1:2::/64" })
      #expect(try await storage.accounts.guestSession(tokenHash: "n-3")?.address == "2001:db8:1:2::4")
    }
  }
}
