import Testing

/// Every route × every kind of caller, with the status each must get. Later features add rows.
@Suite struct PermissionMatrixTests {
  enum Caller: String, CaseIterable, Sendable {
    case anonymous, guest, userA, userB, admin
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let method: String
    let path: String
    let body: String?
    let expected: [Caller: Int]

    var testDescription: String { "\(method) \(path)" }

    static func same(_ method: String, _ path: String, _ status: Int, body: String? = nil) -> Row {
      Row(method: method, path: path, body: body, expected: Dictionary(uniqueKeysWithValues: Caller.allCases.map { ($0, status) }))
    }

    static func signedIn(_ method: String, _ path: String, body: String? = nil) -> Row {
      Row(
        method: method, path: path, body: body,
        expected: [.anonymous: 401, .guest: 200, .userA: 200, .userB: 200, .admin: 200])
    }
  }

  static let rows: [Row] = [
    .same("GET", "/api/status", 200),
    .same("GET", "/healthz", 200),
    .same("GET", "/api/auth/me", 200),
    .same("POST", "/api/auth/logout", 200),
    .signedIn("POST", "/api/auth/kick-others"),
  ]

  /// One server, one session per caller; rows that end sessions (logout) run last per caller.
  @Test func everyRouteAnswersEveryCallerAsExpected() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    var clients: [Caller: APIClient] = [:]
    let admin = server.client()
    try await admin.signUp("root")
    clients[.admin] = admin
    for (caller, name) in [(Caller.userA, "alice"), (.userB, "bob")] {
      let client = server.client()
      try await client.signUp(name)
      clients[caller] = client
    }
    let guest = server.client()
    try await guest.get("/api/auth/me")
    clients[.guest] = guest
    clients[.anonymous] = server.client()

    let ordered = Self.rows.filter { $0.path != "/api/auth/logout" } + Self.rows.filter { $0.path == "/api/auth/logout" }
    for row in ordered {
      for caller in Caller.allCases {
        let client = try #require(clients[caller])
        if caller == .anonymous { client.cookie = nil }
        let response = try await client.request(row.method, row.path, json: row.body)
        #expect(
          response.status == row.expected[caller], "\(row.method) \(row.path) as \(caller.rawValue): \(response.text)")
      }
    }
    await server.stop()
  }
}
