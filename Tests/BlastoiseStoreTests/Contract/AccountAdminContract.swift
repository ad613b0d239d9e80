import BlastoiseCore
import Testing

/// What every backend's `AccountStore` must do for admins: list and change accounts, keep an
/// admin, display names, and the instance's switches.
@Suite struct AccountAdminContract {
  @Test(arguments: StoreBackends.all)
  func accountsAreListedByNameWithTheirLastUse(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let zed = try await Fixture.user("Zed", in: storage)
      let ann = try await Fixture.user("ann", in: storage)
      try await Fixture.user("guest-old", role: .guest, in: storage)
      try await storage.accounts.createSession(Fixture.session("a1", of: ann, createdAt: 100, lastSeenAt: 300))
      try await storage.accounts.createSession(Fixture.session("a2", of: ann, createdAt: 100, lastSeenAt: 200))
      let listed = try await storage.accounts.accounts()
      #expect(listed.map(\.user.username) == ["ann", "Zed"])
      #expect(listed.map(\.lastSeenAt) == [300, nil])
      #expect(listed.allSatisfy { $0.createdAt > 0 && !$0.user.disabled && $0.user.displayName == nil })
      #expect(try await storage.accounts.account(id: zed.id)?.user.role == .admin)
      #expect(try await storage.accounts.account(id: 999_999) == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func disablingEndsTheSessionsAndHidesThemUntilEnabled(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Fixture.user("Admin", in: storage)
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("s1", of: ann))
      let (account, ended) = try await storage.accounts.changeAccount(id: ann.id, role: nil, disabled: true)
      #expect(account.user.disabled && account.user.role == .user && ended == ["s1"])
      #expect(try await storage.accounts.user(usernameKey: "ann")?.disabled == true)
      // A session made after (a sign-in racing the disabling) is not found either.
      try await storage.accounts.createSession(Fixture.session("s2", of: ann))
      #expect(try await storage.accounts.session(tokenHash: "s2") == nil)

      let (enabled, none) = try await storage.accounts.changeAccount(id: ann.id, role: nil, disabled: false)
      #expect(!enabled.user.disabled && none == [])
      #expect(try await storage.accounts.session(tokenHash: "s2")?.1.username == "Ann")
    }
  }

  @Test(arguments: StoreBackends.all)
  func aRoleChangeEndsTheSessionsAndTheLastAdminStays(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let boss = try await Fixture.user("Boss", in: storage)
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("b1", of: boss))
      for (role, disabled) in [(Role.user, nil), (nil, true)] as [(Role?, Bool?)] {
        let error = await #expect(throws: CoreError.self) {
          try await storage.accounts.changeAccount(id: boss.id, role: role, disabled: disabled)
        }
        #expect(error?.code == .conflict)
      }
      #expect(try await storage.accounts.account(id: boss.id)?.user.role == .admin)
      #expect(try await storage.accounts.session(tokenHash: "b1") != nil)

      // An unchanged role ends nothing; a new one ends the sessions.
      #expect(try await storage.accounts.changeAccount(id: boss.id, role: .admin, disabled: nil).endedSessions == [])
      _ = try await storage.accounts.changeAccount(id: ann.id, role: .admin, disabled: nil)
      let (demoted, ended) = try await storage.accounts.changeAccount(id: boss.id, role: .user, disabled: nil)
      #expect(demoted.user.role == .user && ended == ["b1"])
      let missing = await #expect(throws: CoreError.self) {
        try await storage.accounts.changeAccount(id: 999_999, role: nil, disabled: true)
      }
      #expect(missing?.code == .notFound)
    }
  }

  /// However the backend runs writers side by side, two admins stepping down at once leave one.
  @Test(arguments: StoreBackends.all)
  func twoAdminsSteppingDownAtOnceLeaveOne(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", role: .admin, in: storage)
      let outcomes = try await withHangGuard {
        await withTaskGroup(of: Bool.self) { group in
          for id in [ann.id, bob.id] {
            group.addTask { (try? await storage.accounts.changeAccount(id: id, role: .user, disabled: nil)) != nil }
          }
          return await group.reduce(into: []) { $0.append($1) }
        }
      }
      #expect(outcomes.filter { $0 }.count == 1)
      #expect(try await storage.accounts.accounts().filter { $0.user.role == .admin }.count == 1)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aDisplayNameIsKeptAndCleared(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.accounts.createSession(Fixture.session("s1", of: ann))
      try await storage.accounts.setDisplayName(ofUser: ann.id, to: "Ann Smith ✨")
      #expect(try await storage.accounts.user(usernameKey: "ann")?.displayName == "Ann Smith ✨")
      #expect(try await storage.accounts.session(tokenHash: "s1")?.1.displayName == "Ann Smith ✨")
      try await storage.accounts.setDisplayName(ofUser: ann.id, to: nil)
      #expect(try await storage.accounts.accounts().first?.user.displayName == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func theSwitchesAreKeptAndReplaced(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      #expect(try await storage.accounts.policySettings() == [:])
      let open = InstancePolicy(allowGuests: true, allowSignup: false)
      try await storage.accounts.setPolicySettings(open.storedValues)
      let closed = InstancePolicy(allowGuests: false, allowSignup: false)
      try await storage.accounts.setPolicySettings(closed.storedValues)
      let stored = try await storage.accounts.policySettings()
      #expect(InstancePolicy(defaults: InstancePolicy(allowGuests: true, allowSignup: true), stored: stored) == closed)
    }
  }
}
