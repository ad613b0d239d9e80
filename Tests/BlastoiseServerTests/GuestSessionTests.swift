import BlastoiseServer
import BlastoiseStore
import Foundation
import Testing

/// Guests cost next to nothing: a session, no account, a few per address, gone minutes after
/// their last use.
@Suite struct GuestSessionTests {
  @Test func twoThousandCookielessVisitsLeaveAHandfulOfRowsAndNoneOnceExpired() async throws {
    let clock = ManualClock(now: Date().timeIntervalSince1970)
    let server = try await TestServer(clock: clock) { $0.allowGuests = true }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let visitor = server.client()
    var names = Set<String>()
    for _ in 0..<2000 {
      visitor.cookie = nil
      let me = try await visitor.get("/api/auth/me")
      #expect(me.status == 200)
      if let name = try me.json(SeedAuthEnvelope.self).user?.username { names.insert(name) }
    }
    #expect(names.count == 2000)
    #expect(try Self.accountRows(server) == 0)
    #expect(try Self.guestRows(server) == 20)

    // Ten idle minutes later the minute's housekeeping has removed every one.
    clock.advance(by: 11 * 60)
    let deadline = Date().addingTimeInterval(10)
    while try Self.guestRows(server) > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(try Self.guestRows(server) == 0)
    let again = try await visitor.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username
    #expect(again.map(names.contains) == false)  // the expired cookie got a new guest
    await server.stop()
  }

  @Test func aGuestKeepsItsNameAndTheOldestOfAnAddressEndsBeyondTheLimit() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let first = server.client()
    let name = try #require(try await first.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username)
    #expect(name.hasPrefix("guest-"))
    #expect(try await first.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username == name)
    let room = try #require(try await first.get("/api/channels").json([SeedChannelInfo].self).first?.id)
    let socket = try await SocketClient.connect(
      port: server.server.port, path: "/api/channels/\(room)/ws", cookie: first.cookie)
    let state = try await socket.state()
    #expect(state["listeners"] as? [String] == [name])
    for _ in 0..<20 { _ = try await server.client().get("/api/auth/me") }
    #expect(try await SessionEndTests.closes(socket))
    let after = try await first.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username
    #expect(after != name)  // ended: the visitor is a new guest
    await server.stop()
  }

  @Test func channelsWithoutACookieStartAGuestSession() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let android = server.client()
    let channels = try await android.get("/api/channels")
    #expect(channels.status == 200)
    #expect(android.cookie != nil)
    let me = try await android.get("/api/auth/me").json(SeedAuthEnvelope.self)
    #expect(me.user?.isGuest == true)
    #expect(me.user?.id == 0)
    #expect(me.user?.username.hasPrefix("guest-") == true)
    let closed = try await TestServer()
    #expect(try await closed.client().get("/api/channels").status == 401)
    await closed.stop()
    await server.stop()
  }

  @Test func adminsListLiveGuests() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let admin = server.client()
    try await admin.signUp("root")
    let guest = server.client()
    let name = try #require(try await guest.get("/api/auth/me").json(SeedAuthEnvelope.self).user?.username)
    #expect(try await guest.get("/api/admin/guests").status == 403)
    let list = try await admin.get("/api/admin/guests")
    #expect(list.status == 200)
    let entries = try #require(try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])
    #expect(entries.map { $0["name"] as? String } == [name])
    #expect(entries.first?["address"] as? String == "127.0.0.1")
    #expect((entries.first?["createdAt"] as? Int ?? 0) > 1_700_000_000)
    #expect((entries.first?["lastSeenAt"] as? Int ?? 0) > 1_700_000_000)
    await server.stop()
  }

  /// The per-address limit keys IPv6 clients by their /64 (one host can take any address in it),
  /// while each session keeps the address it came from.
  @Test func guestsOfOneIPv6NetworkShareTheLimit() async throws {
    let server = try await TestServer {
      $0.allowGuests = true
      $0.trustedProxies = AddressRange.loopback
      $0.guestSessionsPerAddress = 3
    }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    func guest(_ client: APIClient, from address: String) async throws -> String? {
      try await client.request("GET", "/api/auth/me", headers: ["X-Forwarded-For": address])
        .json(SeedAuthEnvelope.self).user?.username
    }
    let neighbour = server.client()
    let neighbourName = try await guest(neighbour, from: "2001:db8:1:3::1")
    let first = server.client()
    let firstName = try #require(try await guest(first, from: "2001:db8:1:2::1"))
    for host in 2...4 { _ = try await guest(server.client(), from: "2001:db8:1:2::\(host)") }
    // The fourth session of the /64 ended its oldest; the other /64's guest stays.
    #expect(try await guest(first, from: "2001:db8:1:2::1") != firstName)
    #expect(try await guest(neighbour, from: "2001:db8:1:3::1") == neighbourName)
    let database = try SQLiteDatabase(path: server.dataDirectory + "/blastoise.db")
    defer { database.close() }
    let addresses = try database.read { connection in
      try connection.query("SELECT address FROM guest_sessions").compactMap { $0.string("address") }
    }
    #expect(Set(addresses) == ["2001:db8:1:3::1", "2001:db8:1:2::1", "2001:db8:1:2::3", "2001:db8:1:2::4"])
    await server.stop()
  }

  /// Users and account sessions together.
  static func accountRows(_ server: TestServer) throws -> Int {
    let database = try SQLiteDatabase(path: server.dataDirectory + "/blastoise.db")
    defer { database.close() }
    return try database.read { connection in
      try connection.queryOne(
        "SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM sessions) AS n")?.int("n") ?? -1
    }
  }

  static func guestRows(_ server: TestServer) throws -> Int {
    let database = try SQLiteDatabase(path: server.dataDirectory + "/blastoise.db")
    defer { database.close() }
    return try database.read { connection in
      try connection.queryOne("SELECT COUNT(*) AS n FROM guest_sessions")?.int("n") ?? -1
    }
  }
}
