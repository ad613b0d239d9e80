import Testing

@testable import BlastoiseCore

/// The rules behind admins' changes to accounts and switches, and display names.
@Suite struct AccountAdminRulesTests {
  static let admin = StoredUser(id: 1, username: "boss", role: .admin, passwordHash: "h")

  @Test func theLastEnabledAdminCanNeitherStepDownNorBeDisabled() throws {
    for (role, disabled) in [(Role.user, false), (.admin, true), (.user, true)] {
      #expect(throws: CoreError.self) {
        try LastAdminRule.check(Self.admin, role: role, disabled: disabled, otherAdmins: 0)
      }
      try LastAdminRule.check(Self.admin, role: role, disabled: disabled, otherAdmins: 1)
    }
    try LastAdminRule.check(Self.admin, role: .admin, disabled: false, otherAdmins: 0)
    // Someone who is no enabled admin takes none away.
    let member = StoredUser(id: 2, username: "ann", role: .user, passwordHash: "h")
    try LastAdminRule.check(member, role: .user, disabled: true, otherAdmins: 0)
    let disabledAdmin = StoredUser(id: 3, username: "old", role: .admin, passwordHash: "h", disabled: true)
    try LastAdminRule.check(disabledAdmin, role: .user, disabled: true, otherAdmins: 0)
  }

  @Test func aDisplayNameIsTrimmedEmptyClearsAndLimitsHold() throws {
    #expect(try DisplayNameRule.displayName("  Ann Smith\n") == "Ann Smith")
    #expect(try DisplayNameRule.displayName("   ") == nil)
    #expect(try DisplayNameRule.displayName("Ze\u{301}na 👩‍👩‍👧") == "Zéna 👩‍👩‍👧")  // NFC; emoji joiners stay
    #expect(try DisplayNameRule.displayName(String(repeating: "é", count: 64))?.count == 64)
    for bad in [String(repeating: "x", count: 65), "a\u{7}b", "two\u{2028}lines"] {
      #expect(throws: CoreError.self) { try DisplayNameRule.displayName(bad) }
    }
  }

  @Test func anAdminsStoredSwitchesWinOverTheStartsDefaults() {
    let defaults = InstancePolicy(allowGuests: false, allowSignup: true)
    #expect(InstancePolicy(defaults: defaults, stored: [:]) == defaults)
    let chosen = InstancePolicy(allowGuests: true, allowSignup: false)
    #expect(InstancePolicy(defaults: defaults, stored: chosen.storedValues) == chosen)
    // A value the store cannot have come from us is not taken.
    #expect(InstancePolicy(defaults: defaults, stored: ["allow_guests": "maybe"]) == defaults)
  }

  @Test func anAdminGivesOnlyTheAdminAndUserRoles() throws {
    #expect(try AccountService.assignableRole("admin") == .admin)
    #expect(try AccountService.assignableRole("user") == .user)
    for bad in ["guest", "Admin", "root", ""] {
      #expect(throws: CoreError.self) { try AccountService.assignableRole(bad) }
    }
  }
}
