import BlastoiseHTTP
import Testing

@testable import BlastoiseServer

@Suite struct RequestGuardsTests {
  let guards = RequestGuards(
    hostPolicy: HostPolicy(listenHost: "0.0.0.0", publicURL: "http://music.local:3001"),
    originPolicy: OriginPolicy(allowedOrigins: []), proxy: ProxyTrust(trusting: []))
  let route = Route(.post, "/api/things", handler: .immediate { _ in HTTPResponse() })

  private func request(_ method: HTTPMethod, headers: [(String, String)]) throws -> HTTPRequest {
    HTTPRequest(method: method, target: try RequestTarget(parsing: "/api/things"), headers: HTTPHeaders(headers))
  }

  @Test func crossOriginMutationIsForbidden() throws {
    let post = try request(.post, headers: [("Host", "music.local:3001"), ("Origin", "http://evil.example")])
    #expect(throws: HTTPError(.forbidden, "Cross-origin request refused")) { try guards.check(post, route) }
  }

  @Test func crossOriginSocketHandshakeIsForbidden() throws {
    let upgrade = try request(
      .get, headers: [("Host", "music.local:3001"), ("Origin", "http://evil.example"), ("Upgrade", "websocket")])
    #expect(throws: HTTPError.self) { try guards.check(upgrade, route) }
  }

  @Test func sameOriginAndOriginlessRequestsPass() throws {
    try guards.check(
      try request(.post, headers: [("Host", "music.local:3001"), ("Origin", "http://music.local:3001")]), route)
    try guards.check(try request(.delete, headers: [("Host", "music.local:3001")]), route)
  }

  @Test func crossOriginReadsPass() throws {
    try guards.check(
      try request(.get, headers: [("Host", "music.local:3001"), ("Origin", "http://evil.example")]), route)
  }

  @Test func twoHostHeadersAreABadRequest() throws {
    let twice = try request(.get, headers: [("Host", "music.local:3001"), ("host", "evil.example")])
    #expect(throws: HTTPError(.badRequest, "More than one Host header")) { try guards.check(twice, route) }
  }

  @Test func foreignHostsAreMisdirected() throws {
    for host in [
      "evil.example:3001", "music.local:9999", "evil.example", "music.local.evil.example:3001", "[::1",
      "127.0.0.1\u{0}.evil.example:3001", "music.local\u{0}:3001", "192.168.1.5 :3001", "[::1]:+3001",
      "music.local:+3001", "music.local:03001x", "music.local:",
    ] {
      #expect(throws: HTTPError(421, "This server does not answer to that host name"), "\(host)") {
        try guards.check(try request(.get, headers: [("Host", host)]), route)
      }
    }
    for host in ["music.local:3001", "MUSIC.LOCAL.:3001", "192.168.1.5:3001", "localhost:3001", "[::1]:3001"] {
      try guards.check(try request(.get, headers: [("Host", host)]), route)
    }
  }
}
