import BlastoiseProtocol
import Foundation
import Testing

/// `POST /api/auth/password` through the real server: the current password checked as a sign-in
/// is (throttled), the new one by the rules; the other sessions end and their sockets close.
@Suite struct PasswordChangeTests {
  static func change(_ client: APIClient, from current: String, to new: String) async throws -> APIClient.Response {
    let body = try JSONEncoder().encode(PasswordChange(currentPassword: current, newPassword: new))
    return try await client.post(APIRoute.password.path(), String(decoding: body, as: UTF8.self))
  }

  static func signedIn(_ client: APIClient) async throws -> String? {
    try await client.get(APIRoute.me.path()).json(SeedAuthEnvelope.self).user?.username
  }

  @Test func aNewPasswordEndsTheOtherSessionsAndTheOldPassword() async throws {
    let (server, _, ann, room) = try await RoomTests.roomServer()
    let phone = server.client()
    try await phone.logIn("ann")
    let socket = try await RoomTests.socket(server, phone, room: room)
    _ = try await socket.state()

    // Refused, and nothing changes: a wrong current password, a new one too short.
    let wrong = try await Self.change(ann, from: "not-the-password", to: "brand-new-pass")
    #expect(wrong.status == 403 && wrong.text.contains("current password is wrong"), "\(wrong.text)")
    #expect(try await Self.change(ann, from: "password123", to: "short").status == 400)
    #expect(try await Self.signedIn(phone) == "ann")

    let changed = try await Self.change(ann, from: "password123", to: "brand-new-pass")
    #expect(changed.status == 200, "\(changed.text)")
    #expect(try changed.json(SuccessResponse.self).count == 1)
    #expect(try await SessionEndTests.closes(socket))
    #expect(try await Self.signedIn(phone) == nil)
    #expect(try await Self.signedIn(ann) == "ann")
    #expect(try await server.client().logIn("ann").status == 401)
    #expect(try await server.client().logIn("ann", password: "brand-new-pass").status == 200)
    await server.stop()
  }

  @Test func wrongCurrentPasswordsAreThrottledAndAGuestHasNone() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let ann = server.client()
    try await ann.signUp("ann")
    for _ in 0..<5 {
      #expect(try await Self.change(ann, from: "guessing-\(UUID())", to: "brand-new-pass").status == 403)
    }
    let throttled = try await Self.change(ann, from: "password123", to: "brand-new-pass")
    #expect(throttled.status == 429 && throttled.header("Retry-After") != nil)

    let guest = server.client()
    #expect(try await Self.signedIn(guest)?.hasPrefix("guest-") == true)
    #expect(try await Self.change(guest, from: "anything-at-all", to: "brand-new-pass").status == 403)
    await server.stop()
  }

  /// `GET /api/auth/sessions` lists where one is signed in (this one marked, an app's by its
  /// app password's name); `DELETE …/:id` signs one out and its socket closes.
  @Test func oneSessionIsListedAndSignedOutFromAnother() async throws {
    let (server, _, ann, room) = try await RoomTests.roomServer()
    let phone = server.client()
    try await phone.logIn("ann")
    let socket = try await RoomTests.socket(server, phone, room: room)
    _ = try await socket.state()
    let listed = try await ann.get(APIRoute.sessions.path()).json(SessionList.self).sessions
    #expect(listed.count == 2 && listed.filter(\.current).count == 1)
    let other = try #require(listed.first { !$0.current })
    #expect(other.id.count == 16 && other.app == nil)
    #expect(try await ann.request("DELETE", APIRoute.session.path(other.id)).status == 200)
    #expect(try await SessionEndTests.closes(socket))
    #expect(try await Self.signedIn(phone) == nil)
    #expect(try await ann.get(APIRoute.sessions.path()).json(SessionList.self).sessions.map(\.current) == [true])
    #expect(try await ann.request("DELETE", APIRoute.session.path(other.id)).status == 404)
    await server.stop()
  }
}
