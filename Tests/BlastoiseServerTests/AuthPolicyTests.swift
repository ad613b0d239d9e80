import BlastoiseServer
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseServer

/// Guests, closed sign-up, cookie flags, cross-site refusal and throttled sign-in.
@Suite struct AuthPolicyTests {
  @Test func sessionCookieIsHttpOnlyLaxAndSecureOnlyBehindATrustedHTTPSProxy() async throws {
    let server = try await TestServer.behindProxies(AddressRange.loopback)
    let plain = try await server.client().signUp("Jo")
    let cookie = try #require(plain.header("Set-Cookie"))
    #expect(cookie.contains("HttpOnly"))
    #expect(cookie.contains("SameSite=Lax"))
    #expect(cookie.contains("Path=/"))
    #expect(!cookie.contains("Secure"))
    let proxied = try await server.client().request(
      "POST", "/api/auth/login", json: #"{"username":"Jo","password":"password123"}"#,
      headers: ["X-Forwarded-Proto": "https"])
    #expect(proxied.header("Set-Cookie")?.contains("Secure") == true)
    await server.stop()

    let untrusting = try await TestServer()
    let ignored = try await untrusting.client().request(
      "POST", "/api/auth/signup", json: #"{"username":"Jo","password":"password123"}"#,
      headers: ["X-Forwarded-Proto": "https"])
    #expect(ignored.header("Set-Cookie")?.contains("Secure") == false)
    await untrusting.stop()
  }

  @Test func guestsGetASessionFromMeWhenAllowed() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let visitor = server.client()
    let me = try await visitor.get("/api/auth/me")
    let envelope = try me.json(SeedAuthEnvelope.self)
    #expect(envelope.user?.isGuest == true)
    #expect(envelope.user?.permissions.map(\.permission) == ["listen"])
    #expect(visitor.cookie != nil)
    let again = try await visitor.get("/api/auth/me").json(SeedAuthEnvelope.self)
    #expect(again.user?.id == envelope.user?.id)
    await server.stop()
  }

  @Test func guestsCannotSignInByName() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let guest = try await server.client().get("/api/auth/me").json(SeedAuthEnvelope.self)
    let name = try #require(guest.user?.username)
    #expect(try await server.client().logIn(name).status == 401)
    #expect(try await server.client().signUp("guest-mine").status == 400)
    await server.stop()
  }

  @Test func closedSignUpRefusesAndCommandLineAddsUsers() async throws {
    let server = try await TestServer { $0.allowSignup = false }
    let refused = try await server.client().signUp("Kai")
    #expect(refused.status == 403)
    #expect(refused.errorMessage == "Sign-up is closed on this server")
    await server.stop()

    let add = try BlastoiseExecutable.start(
      ["user", "add", "Kai", "--admin", "--data-dir", server.dataDirectory],
      input: Data("correct horse battery\n".utf8))
    #expect(try await add.waitForExit() == 0)

    let restarted = try await TestServer {
      $0.allowSignup = false
      $0.dataDirectory = server.dataDirectory
    }
    let login = try await restarted.client().logIn("kai", password: "correct horse battery")
    #expect(login.status == 200)
    #expect(try login.json(SeedAuthEnvelope.self).user?.isAdmin == true)
    await restarted.stop()
  }

  @Test func crossOriginSignInIsRefused() async throws {
    let server = try await TestServer()
    let attempt = try await server.client().request(
      "POST", "/api/auth/signup", json: #"{"username":"Lu","password":"password123"}"#,
      headers: ["Origin": "http://evil.example"])
    #expect(attempt.status == 403)
    #expect(attempt.errorMessage == "Cross-origin request refused")
    #expect(attempt.header("Set-Cookie") == nil)
    await server.stop()
  }

  @Test func repeatedFailuresAreThrottledWithRetryAfter() async throws {
    let server = try await TestServer()
    try await server.client().signUp("Mo")
    for _ in 0..<5 {
      #expect(try await server.client().logIn("Mo", password: "wrong-password").status == 401)
    }
    let throttled = try await server.client().logIn("Mo")
    #expect(throttled.status == 429)
    #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 > 0)
    #expect(throttled.header("Set-Cookie") == nil)
    // Another account from the same address is not locked by Mo's failures.
    try await server.client().signUp("Ned")
    #expect(try await server.client().logIn("Ned").status == 200)
    await server.stop()
  }
}

@Suite struct PasswordHashCostTests {
  @Test func realServersHashWithArgon2id64MiBAndTwoPasses() async throws {
    let hash = try await SodiumPasswordHasher().hash("correct horse")
    #expect(hash.hasPrefix("$argon2id$v=19$m=65536,t=2,"))
    #expect(await SodiumPasswordHasher(cost: .minimum).verify("correct horse", against: hash))
  }
}
