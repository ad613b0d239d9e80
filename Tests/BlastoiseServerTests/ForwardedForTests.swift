import BlastoiseServer
import Testing

/// Sign-in throttling behind a reverse proxy: only what a trusted proxy adds to
/// `X-Forwarded-For` names the client; whatever the client wrote there itself does not.
@Suite struct ForwardedForTests {
  static let wrong = #"{"username":"Mo","password":"wrong-password"}"#
  static let right = #"{"username":"Mo","password":"password123"}"#

  /// A local nginx appends the address it saw; the client controls everything to its left.
  static func throughProxy(_ server: TestServer, _ json: String, forwardedFor: String) async throws -> Int {
    try await server.client().request("POST", "/api/auth/login", json: json, headers: ["X-Forwarded-For": forwardedFor])
      .status
  }

  @Test func aForgedLeftmostAddressDoesNotEscapeTheThrottle() async throws {
    let server = try await TestServer.behindProxies(AddressRange.loopback)
    try await server.client().signUp("Mo")
    for guess in 0..<5 {
      #expect(try await Self.throughProxy(server, Self.wrong, forwardedFor: "198.51.100.\(guess), 203.0.113.9") == 401)
    }
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "198.51.100.99, 203.0.113.9") == 429)
    await server.stop()
  }

  @Test func forgedFailuresDoNotLockTheVictimOut() async throws {
    let server = try await TestServer.behindProxies(AddressRange.loopback)
    try await server.client().signUp("Mo")
    for _ in 0..<6 {
      _ = try await Self.throughProxy(server, Self.wrong, forwardedFor: "203.0.113.50, 203.0.113.9")
    }
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "203.0.113.50") == 200)
    await server.stop()
  }

  /// One host is commonly given a whole /64: taking a new address from it for every guess does not
  /// escape the throttle; a neighbouring /64 is someone else; an IPv4-mapped address is its IPv4.
  @Test func addressesOfOneIPv6NetworkShareTheThrottle() async throws {
    let server = try await TestServer.behindProxies(AddressRange.loopback)
    try await server.client().signUp("Mo")
    for guess in 1...5 {
      #expect(try await Self.throughProxy(server, Self.wrong, forwardedFor: "2001:db8:1:2::\(guess)") == 401)
    }
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "2001:db8:1:2:ffff:ffff:ffff:ffff") == 429)
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "2001:db8:1:3::1") == 200)
    for _ in 1...5 {
      #expect(try await Self.throughProxy(server, Self.wrong, forwardedFor: "::ffff:198.51.100.7") == 401)
    }
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "198.51.100.7") == 429)
    await server.stop()
  }

  @Test func anUntrustedPeerCannotChangeItsThrottleKeyOrScheme() async throws {
    let server = try await TestServer.behindProxies([AddressRange("10.0.0.0/8")].compactMap { $0 })
    try await server.client().signUp("Mo")
    for guess in 0..<5 {
      #expect(try await Self.throughProxy(server, Self.wrong, forwardedFor: "198.51.100.\(guess)") == 401)
    }
    #expect(try await Self.throughProxy(server, Self.right, forwardedFor: "198.51.100.99") == 429)
    let https = try await server.client().request(
      "POST", "/api/auth/signup", json: #"{"username":"Jo","password":"password123"}"#,
      headers: ["X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.1"])
    #expect(https.header("Set-Cookie")?.contains("Secure") == false)
    await server.stop()
  }
}
