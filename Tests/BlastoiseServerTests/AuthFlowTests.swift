import Foundation
import Testing

/// Sign-up, sign-in, sign-out and sessions against the real server and a real SQLite file.
@Suite struct AuthFlowTests {
  @Test func firstAccountIsAdminAndLaterOnesAreUsers() async throws {
    let server = try await TestServer()
    let ann = server.client()
    let first = try await ann.signUp("Ann")
    #expect(first.status == 200)
    let envelope = try first.json(SeedAuthEnvelope.self)
    #expect(envelope.user?.username == "Ann")
    #expect(envelope.user?.isAdmin == true)
    #expect(envelope.user?.isGuest == false)
    #expect(envelope.permissions.contains { $0.permission == "admin" && $0.resourceType == "global" })

    let bob = server.client()
    let second = try await bob.signUp("Bob").json(SeedAuthEnvelope.self)
    #expect(second.user?.isAdmin == false)
    #expect(second.user?.permissions.map(\.permission).contains("control") == true)
    #expect(second.user?.id != envelope.user?.id)
    await server.stop()
  }

  @Test func meAnswersTheSignedInUserAndNullOtherwise() async throws {
    let server = try await TestServer()
    let client = server.client()
    let anonymous = try await client.get("/api/auth/me")
    #expect(anonymous.status == 200)
    #expect(anonymous.text.contains(#""user":null"#))
    #expect(try anonymous.json(SeedAuthEnvelope.self).user == nil)

    try await client.signUp("Cleo")
    let me = try await client.get("/api/auth/me").json(SeedAuthEnvelope.self)
    #expect(me.user?.username == "Cleo")
    await server.stop()
  }

  @Test func signInIsCaseInsensitiveOnTheNameAndExactOnThePassword() async throws {
    let server = try await TestServer()
    try await server.client().signUp("Dora")
    #expect(try await server.client().logIn("dora").status == 200)
    #expect(try await server.client().logIn("  DORA ").status == 200)
    #expect(try await server.client().logIn("dora", password: "Password123").status == 401)
    #expect(try await server.client().logIn("d%").status == 401)
    #expect(try await server.client().logIn("nobody").status == 401)
    await server.stop()
  }

  @Test func everySignInRotatesTheTokenAndTheOldOneDies() async throws {
    let server = try await TestServer()
    let client = server.client()
    try await client.signUp("Eve")
    let first = try #require(client.cookie)
    try await client.logIn("Eve")
    let second = try #require(client.cookie)
    #expect(first != second)
    #expect(first.count >= 43)  // 256 bits, base64url

    let stale = server.client()
    stale.cookie = first
    #expect(try await stale.post("/api/auth/kick-others").status == 401)
    #expect(try await client.post("/api/auth/kick-others").status == 200)
    await server.stop()
  }

  @Test func logoutEndsTheSessionAndClearsTheCookie() async throws {
    let server = try await TestServer()
    let client = server.client()
    try await client.signUp("Finn")
    let token = try #require(client.cookie)
    let logout = try await client.post("/api/auth/logout")
    #expect(logout.status == 200)
    #expect(logout.header("Set-Cookie")?.contains("Max-Age=0") == true)
    let replay = server.client()
    replay.cookie = token
    #expect(try await replay.post("/api/auth/kick-others").status == 401)
    await server.stop()
  }

  @Test func kickOthersEndsOtherSessionsButNotThisOne() async throws {
    let server = try await TestServer()
    let laptop = server.client()
    let phone = server.client()
    try await laptop.signUp("Gus")
    try await phone.logIn("Gus")
    let kicked = try await laptop.post("/api/auth/kick-others")
    #expect(kicked.status == 200)
    #expect(kicked.text.contains(#""count":1"#))
    #expect(try await phone.post("/api/auth/kick-others").status == 401)
    #expect(try await laptop.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username == "Gus")
    await server.stop()
  }

  @Test func sessionsSurviveARestart() async throws {
    let server = try await TestServer()
    let client = server.client()
    try await client.signUp("Hana")
    let directory = server.dataDirectory
    await server.stop()
    let restarted = try await TestServer { $0.dataDirectory = directory }
    let again = restarted.client()
    again.cookie = client.cookie
    #expect(try await again.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username == "Hana")
    await restarted.stop()
  }

  @Test func onlyAHashOfTheTokenIsStored() async throws {
    let server = try await TestServer()
    let client = server.client()
    try await client.signUp("Ivan")
    let token = try #require(client.cookie)
    await server.stop()
    let file = try Data(contentsOf: URL(fileURLWithPath: server.dataDirectory + "/blastoise.db"))
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: server.dataDirectory + "/blastoise.db-wal"))) ?? Data()
    #expect(file.range(of: Data(token.utf8)) == nil)
    #expect(wal.range(of: Data(token.utf8)) == nil)
    #expect(file.range(of: Data("password123".utf8)) == nil)
  }
}
