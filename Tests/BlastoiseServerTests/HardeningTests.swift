import Foundation
import Testing

/// Smaller holes: look-alike usernames, MIME sniffing, duplicate session cookies, and a GET
/// that changed state.
@Suite struct HardeningTests {
  @Test(arguments: ["\u{430}dmin1", "admin\u{FF11}", "ａｄｍｉｎ1", "Admin1"])
  func lookAlikeUsernamesAreRefused(name: String) async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    #expect(try await server.client().signUp("admin1").status == 200)
    let copy = try await server.client().signUp(name)
    #expect([400, 409].contains(copy.status))
    await server.stop()
  }

  @Test func everyAnswerSaysNoSniff() async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let client = server.client()
    for path in ["/api/status", "/api/channels", "/api/nothing-here", "/healthz"] {
      #expect(try await client.get(path).header("X-Content-Type-Options") == "nosniff", "\(path)")
    }
    await server.stop()
  }

  @Test func twoSessionCookiesAreRefused() async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let ann = server.client()
    try await ann.signUp("ann")
    let valid = try #require(ann.cookie)
    let bob = server.client()
    try await bob.signUp("bob")
    let other = try #require(bob.cookie)
    let both = server.client()
    let answer = try await both.request(
      "GET", "/api/auth/me", headers: ["Cookie": "blastoise_session=\(other); blastoise_session=\(valid)"])
    #expect(answer.status == 400)
    #expect(answer.errorMessage != nil)
    await server.stop()
  }

  @Test func openingAShareLinkWithGETChangesNothing() async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let ann = server.client()
    try await ann.signUp("ann")
    let bob = server.client()
    try await bob.signUp("bob")
    let playlist = try await ann.post("/api/playlists", #"{"name":"Mine"}"#).json(PlaylistTests.SeedPlaylist.self)
    let shared = try await ann.post("/api/playlists/\(playlist.id)/share").json(PlaylistTests.SeedPlaylist.self)
    let token = try #require(shared.shareToken)
    #expect(try await bob.get("/api/playlists/shared/\(token)").status == 200)
    #expect(try await bob.get("/api/playlists").json(PlaylistTests.SeedBundle.self).shared.isEmpty)
    await server.stop()
  }
}
