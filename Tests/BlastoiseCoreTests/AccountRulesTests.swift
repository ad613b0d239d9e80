import Testing

@testable import BlastoiseCore

@Suite struct AccountRulesTests {
  @Test func usernamesAreTrimmedAndKeyedCaseInsensitively() throws {
    let (display, key) = try CredentialRules.username("  Ann Lee ")
    #expect(display == "Ann Lee")
    #expect(key == "ann lee")
    #expect(CredentialRules.key(for: "ANN LEE") == key)
  }

  @Test func lookAlikeSpellingsMeetOneKey() throws {
    #expect(try CredentialRules.username("admin\u{FF11}").key == "admin1")  // full-width digit
    #expect(try CredentialRules.username("ＡＤＭＩＮ").key == "admin")
    #expect(try CredentialRules.username("Straße").key == CredentialRules.key(for: "STRASSE"))
    #expect(try CredentialRules.username("e\u{301}").display == "\u{E9}")  // stored composed
    #expect(try CredentialRules.username("Владимир").key == "владимир")  // one script is fine
  }

  @Test(arguments: ["\u{430}dmin", "p\u{3B1}ypal", "Bла\u{3B4}"])
  func mixedLatinGreekCyrillicIsRefused(name: String) {
    #expect(throws: CoreError.self) { try CredentialRules.username(name) }
  }

  @Test(arguments: ["", "   ", String(repeating: "a", count: 33), "bad\u{0}name", "zero\u{200B}width", "line\nbreak"])
  func badUsernamesAreRefused(name: String) {
    #expect(throws: CoreError.self) { try CredentialRules.username(name) }
  }

  @Test func usernameOf32CharactersIsAccepted() throws {
    #expect(try CredentialRules.username(String(repeating: "é", count: 32)).display.count == 32)
  }

  @Test(arguments: ["short", String(repeating: "p", count: 257)])
  func badPasswordsAreRefused(password: String) {
    #expect(throws: CoreError.self) { try CredentialRules.password(password) }
  }

  @Test func sessionDiesWhenIdleOrTooOld() {
    let lifetime = SessionLifetime(idleSeconds: 100, absoluteSeconds: 1000)
    #expect(lifetime.isAlive(createdAt: 0, lastSeenAt: 950, now: 999))
    #expect(!lifetime.isAlive(createdAt: 0, lastSeenAt: 900, now: 1000))
    #expect(!lifetime.isAlive(createdAt: 0, lastSeenAt: 999, now: 1000))
  }

  @Test func guestsListenButDoNotControl() throws {
    let guest = Principal(userID: 7, username: "guest-abc", role: .guest, sessionID: "s")
    #expect(try AccessPolicy.require(.listen, of: guest) == guest)
    #expect(throws: CoreError(.forbidden, "Guests cannot do that")) { try AccessPolicy.require(.control, of: guest) }
    #expect(guest.userInfo.isGuest)
    #expect(guest.userInfo.permissions.map(\.permission) == ["listen"])
  }

  @Test func nobodyMustSignInFirst() {
    #expect(throws: CoreError(.unauthenticated, "Sign in first")) { try AccessPolicy.require(.listen, of: nil) }
  }

  @Test func ownersEditTheirOwnAndAdminsEverything() {
    let user = Principal(userID: 1, username: "ann", role: .user, sessionID: "s")
    let admin = Principal(userID: 2, username: "root", role: .admin, sessionID: "t")
    #expect(user.mayEdit(ownedBy: 1))
    #expect(!user.mayEdit(ownedBy: 2))
    #expect(!user.mayEdit(ownedBy: nil))
    #expect(admin.mayEdit(ownedBy: 1))
    #expect(admin.userInfo.isAdmin)
  }
}
