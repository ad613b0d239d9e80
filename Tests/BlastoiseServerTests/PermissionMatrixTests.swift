import Foundation
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
      Row(
        method: method, path: path, body: body,
        expected: Dictionary(uniqueKeysWithValues: Caller.allCases.map { ($0, status) }))
    }

    static func signedIn(_ method: String, _ path: String, body: String? = nil) -> Row {
      Row(
        method: method, path: path, body: body,
        expected: [.anonymous: 401, .guest: 200, .userA: 200, .userB: 200, .admin: 200])
    }

    /// Users and admins may; guests are refused; nobody must sign in.
    static func members(_ method: String, _ path: String, body: String? = nil, status: Int = 200) -> Row {
      Row(
        method: method, path: path, body: body,
        expected: [.anonymous: 401, .guest: 403, .userA: status, .userB: status, .admin: status])
    }

    static func adminOnly(_ method: String, _ path: String, body: String? = nil, adminStatus: Int = 200) -> Row {
      Row(
        method: method, path: path, body: body,
        expected: [.anonymous: 401, .guest: 403, .userA: 403, .userB: 403, .admin: adminStatus])
    }
  }

  static let rows: [Row] = [
    .same("GET", "/api/status", 200),
    .same("GET", "/healthz", 200),
    .same("GET", "/api/auth/me", 200),
    .same("POST", "/api/auth/logout", 200),
    .signedIn("POST", "/api/auth/kick-others"),
    .adminOnly("GET", "/api/admin/server"),
    .adminOnly("PATCH", "/api/admin/server", body: "{}"),
    .adminOnly("GET", "/api/admin/users"),
    .adminOnly("GET", "/api/admin/scans"),
    .adminOnly("POST", "/api/admin/users", body: #"{"username":"x","password":"short"}"#, adminStatus: 400),
    .adminOnly("PATCH", "/api/admin/users/999999", body: #"{"disabled":false}"#, adminStatus: 404),
    // A guest has no profile.
    .members("PATCH", "/api/auth/me", body: #"{"displayName":null}"#),
    .members("GET", "/api/auth/sessions"),
    .members("DELETE", "/api/auth/sessions/nosuchsession", status: 404),
    // A guest has no password; a member's new one is refused by the rules before anything else.
    .members("POST", "/api/auth/password", body: #"{"currentPassword":"x","newPassword":"short"}"#, status: 400),
    .signedIn("GET", "/api/library"),
    .signedIn("GET", "/api/tracks/{track}"),
    // Whoever may read the library may ask for covers (this ID names none).
    Row(
      method: "GET", path: "/api/covers/" + String(repeating: "0", count: 64), body: nil,
      expected: [.anonymous: 401, .guest: 404, .userA: 404, .userB: 404, .admin: 404]),
    .members("POST", "/api/upload", body: "{}", status: 415),
    .members("GET", "/api/fetch"),
    .members("POST", "/api/fetch", body: "{}", status: 400),
    .members("POST", "/api/fetch/confirm", body: #"{"items":[]}"#, status: 400),
    .members("DELETE", "/api/fetch/nosuchjob", status: 404),
    .members("DELETE", "/api/fetch"),
    .adminOnly("POST", "/api/library/scan"),
    // With guests allowed, a visitor without a cookie becomes one here (the seed's Android app).
    .same("GET", "/api/channels", 200),
    .signedIn("GET", "/api/channels/{room}"),
    .members("POST", "/api/channels", body: #"{"name":"Mine"}"#),
    .adminOnly("PATCH", "/api/channels/{room}", body: #"{"description":"The main room"}"#),
    .adminOnly("DELETE", "/api/channels/{room}", adminStatus: 400),
    .members("POST", "/api/channels/{room}/jump", body: #"{"index":0}"#),
    .members("POST", "/api/channels/{room}/seek", body: #"{"timestamp":1}"#),
    .members("POST", "/api/channels/{room}/mode", body: #"{"mode":"repeat-all"}"#),
    .members("PATCH", "/api/channels/{room}/queue", body: #"{"add":["{track}"]}"#),
    .signedIn("GET", "/api/playlists"),
    .members("POST", "/api/playlists", body: #"{"name":"Mix"}"#),
    Row(
      method: "GET", path: "/api/playlists/{playlist}", body: nil,
      expected: [.anonymous: 401, .guest: 404, .userA: 200, .userB: 404, .admin: 200]),
    Row(
      method: "PATCH", path: "/api/playlists/{playlist}/tracks", body: #"{"add":["{track}"]}"#,
      expected: [.anonymous: 401, .guest: 403, .userA: 200, .userB: 404, .admin: 200]),
    Row(
      method: "POST", path: "/api/playlists/{playlist}/share", body: nil,
      expected: [.anonymous: 401, .guest: 403, .userA: 200, .userB: 404, .admin: 200]),
    .signedIn("GET", "/api/playlists/shared/{share}"),
    .members("POST", "/api/playlists/shared/{share}"),
    .members("POST", "/api/playlists/shared/{share}/remember"),
    .adminOnly("GET", "/api/admin/guests"),
    // Per-person data: an account's, so guests are refused.
    .members("PUT", "/api/favourites/tracks/{track}"),
    .members("DELETE", "/api/favourites/tracks/{track}"),
    .members("GET", "/api/favourites"),
    .members("PUT", "/api/ratings/tracks/{track}", body: #"{"rating":3}"#),
    .members("DELETE", "/api/ratings/tracks/{track}"),
    .members("POST", "/api/plays", body: #"{"trackId":"{track}"}"#),
    .members("GET", "/api/plays/recent"),
    .members("GET", "/api/annotations/tracks"),
    .members("PUT", "/api/progress/books/b1", body: #"{"position":5}"#),
    .members("GET", "/api/progress/books/b1"),
    .members("DELETE", "/api/progress/books/b1"),
    .members("GET", "/api/progress"),
    .members("GET", "/api/progress/books/b1/bookmarks"),
    .members("POST", "/api/progress/books/b1/bookmarks", body: #"{"position":5}"#, status: 201),
    .members("PATCH", "/api/progress/books/b1/bookmarks/nosuch", body: #"{"note":"x"}"#, status: 404),
    .members("DELETE", "/api/progress/books/b1/bookmarks/nosuch", status: 404),
    .members("GET", "/api/rates"),
    .members("PUT", "/api/rates/books/b1", body: #"{"rate":1.5}"#),
    .members("GET", "/api/app-passwords"),
    Row(
      method: "POST", path: "/api/app-passwords", body: #"{"name":"Phone"}"#,
      expected: [.anonymous: 401, .guest: 403, .userA: 201, .userB: 201, .admin: 201]),
    Row(
      method: "DELETE", path: "/api/app-passwords/nosuch", body: nil,
      expected: [.anonymous: 401, .guest: 403, .userA: 404, .userB: 404, .admin: 404]),
    Row(
      method: "PATCH", path: "/api/playlists/{playlist}", body: #"{"isPublic":false}"#,
      expected: [.anonymous: 401, .guest: 403, .userA: 200, .userB: 404, .admin: 200]),
    Row(
      method: "DELETE", path: "/api/playlists/{playlist}/share", body: nil,
      expected: [.anonymous: 401, .guest: 403, .userA: 200, .userB: 404, .admin: 200]),
    Row(
      method: "GET", path: "/api/channels/{room}/ws", body: nil,
      expected: [.anonymous: 401, .guest: 400, .userA: 400, .userB: 400, .admin: 400]),
  ]

  /// One server, one session per caller; rows that end sessions (logout) run last per caller.
  @Test func everyRouteAnswersEveryCallerAsExpected() async throws {
    let (server, admin) = try await LibraryRoutesTests.serverWithMusic(
      ["m.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 440, title: "Matrix")]
    ) {
      $0.allowGuests = true
      $0.urlImportEnabled = true
    }
    var clients: [Caller: APIClient] = [.admin: admin]
    let track = try #require(try await admin.get("/api/library").json([SeedTrack].self).first?.id)
    let room = try #require(try await admin.get("/api/channels").json([SeedChannelInfo].self).first?.id)
    for (caller, name) in [(Caller.userA, "alice"), (.userB, "bob")] {
      let client = server.client()
      try await client.signUp(name)
      clients[caller] = client
    }
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    clients[.guest] = guest
    clients[.anonymous] = server.client()

    let alice = try #require(clients[.userA])
    let playlist = try await alice.post("/api/playlists", #"{"name":"Alice's"}"#).json(PlaylistTests.SeedPlaylist.self)
    let share = try #require(
      try await alice.post("/api/playlists/\(playlist.id)/share").json(PlaylistTests.SeedPlaylist.self).shareToken)
    let ordered =
      Self.rows.filter { $0.path != "/api/auth/logout" } + Self.rows.filter { $0.path == "/api/auth/logout" }
    for row in ordered {
      for caller in Caller.allCases {
        let client = try #require(clients[caller])
        if caller == .anonymous { client.cookie = nil }
        let path = row.path.replacingOccurrences(of: "{room}", with: room)
          .replacingOccurrences(of: "{track}", with: track).replacingOccurrences(of: "{playlist}", with: playlist.id)
          .replacingOccurrences(of: "{share}", with: share)
        let body = row.body?.replacingOccurrences(of: "{track}", with: track)
        let response = try await client.request(row.method, path, json: body)
        #expect(
          response.status == row.expected[caller], "\(row.method) \(row.path) as \(caller.rawValue): \(response.text)")
      }
    }
    await server.stop()
  }
}
