import BlastoiseProtocol
import Foundation
import Testing

/// Admins manage accounts and the server's switches through the real server; each person names
/// how they are shown.
@Suite struct AccountAdminTests {
  static func accounts(_ admin: APIClient) async throws -> [AccountInfo] {
    try await admin.get(APIRoute.adminUsers.path()).json([AccountInfo].self)
  }

  static func change(_ admin: APIClient, _ id: Int, _ json: String) async throws -> APIClient.Response {
    try await admin.request("PATCH", APIRoute.adminUser.path(String(id)), json: json)
  }

  @Test func anAdminMakesAnAccountWhileSignUpIsClosedAndItSignsIn() async throws {
    let server = try await TestServer()
    let admin = server.client()
    try await admin.signUp("boss")
    #expect(
      try await admin.request("PATCH", APIRoute.adminServer.path(), json: #"{"allowSignup":false}"#).status == 200)
    #expect(try await server.client().signUp("walk-in").status == 403)

    let made = try await admin.post(
      APIRoute.adminUsers.path(), #"{"username":"Cara","password":"cara-password","role":"user"}"#)
    #expect(made.status == 201, "\(made.text)")
    let cara = try made.json(AccountInfo.self)
    #expect(cara.username == "Cara" && cara.role == "user" && !cara.disabled && cara.lastSeenAt == nil)
    #expect(!made.text.contains("password"))
    #expect(try await server.client().logIn("cara", password: "cara-password").status == 200)
    let listed = try await Self.accounts(admin)
    #expect(listed.map(\.username) == ["boss", "Cara"])
    #expect(listed.first { $0.username == "Cara" }?.lastSeenAt != nil)

    // The sign-up rules hold; a taken name is a conflict; a guest role is no role.
    for (body, status) in [
      (#"{"username":"dan","password":"short"}"#, 400), (#"{"username":"CARA","password":"long-enough"}"#, 409),
      (#"{"username":"dan","password":"long-enough","role":"guest"}"#, 400),
      (#"{"username":"dan","password":"long-enough","admin":true}"#, 400), (#"{"username":7}"#, 400),
    ] {
      let refused = try await admin.post(APIRoute.adminUsers.path(), body)
      #expect(refused.status == status && refused.errorMessage != nil, "\(body): \(refused.text)")
    }
    await server.stop()
  }

  @Test func aDisabledAccountIsSignedOutAndCannotSignInUntilEnabled() async throws {
    let (server, owner, ann, room) = try await RoomTests.roomServer()
    let socket = try await RoomTests.socket(server, ann, room: room)
    _ = try await socket.state()
    let id = try #require(try await Self.accounts(owner).first { $0.username == "ann" }?.id)

    let disabled = try await Self.change(owner, id, #"{"disabled":true}"#)
    #expect(try disabled.status == 200 && disabled.json(AccountInfo.self).disabled, "\(disabled.text)")
    #expect(try await SessionEndTests.closes(socket))
    #expect(try await PasswordChangeTests.signedIn(ann) == nil)
    let refused = try await server.client().logIn("ann")
    #expect(refused.status == 403 && refused.errorMessage?.contains("disabled") == true, "\(refused.text)")
    // A wrong password says only that.
    #expect(try await server.client().logIn("ann", password: "wrong-password").status == 401)

    #expect(try await Self.change(owner, id, #"{"disabled":false}"#).status == 200)
    #expect(try await server.client().logIn("ann").status == 200)
    await server.stop()
  }

  @Test func aRoleChangeTakesEffectAndTheLastAdminStays() async throws {
    let (server, owner, ann, _) = try await RoomTests.roomServer()
    let listed = try await Self.accounts(owner)
    let annID = try #require(listed.first { $0.username == "ann" }?.id)
    let ownerID = try #require(listed.first { $0.username == "owner" }?.id)

    // Alone as admin, the owner can neither step down nor disable themself.
    let alone = try await Self.change(owner, ownerID, #"{"role":"user"}"#)
    #expect(alone.status == 409 && alone.errorMessage?.contains("only admin") == true, "\(alone.text)")
    #expect(try await Self.change(owner, ownerID, #"{"disabled":true}"#).status == 403)
    #expect(try await ann.get(APIRoute.adminUsers.path()).status == 403)

    let promoted = try await Self.change(owner, annID, #"{"role":"admin"}"#)
    #expect(try promoted.json(AccountInfo.self).role == "admin")
    #expect(try await PasswordChangeTests.signedIn(ann) == nil)  // signed out by the change
    try await ann.logIn("ann")
    #expect(try await ann.get(APIRoute.adminUsers.path()).status == 200)
    // Now the owner may step down, and is signed out for it.
    #expect(try await Self.change(owner, ownerID, #"{"role":"user"}"#).status == 200)
    #expect(try await PasswordChangeTests.signedIn(owner) == nil)

    for (body, status) in [
      (#"{"role":"root"}"#, 400), (#"{"disabled":"yes"}"#, 400), (#"{"colour":"red"}"#, 400), ("[", 400),
    ] {
      let refused = try await Self.change(ann, ownerID, body)
      #expect(refused.status == status && refused.errorMessage != nil, "\(body): \(refused.text)")
    }
    #expect(try await Self.change(ann, 999_999, #"{"disabled":true}"#).status == 404)
    #expect(try await ann.request("PATCH", "/api/admin/users/abc", json: #"{"disabled":true}"#).status == 404)
    await server.stop()
  }

  @Test func guestsAndSignUpAreSwitchedAtRunTime() async throws {
    let server = try await TestServer()
    let admin = server.client()
    try await admin.signUp("boss")
    var status = try await server.client().get(APIRoute.status.path()).json(ServerStatus.self)
    #expect(!status.allowGuests && status.allowSignup)

    let opened = try await admin.request(
      "PATCH", APIRoute.adminServer.path(), json: #"{"allowGuests":true,"allowSignup":false}"#)
    let report = try opened.json(ServerReport.self)
    #expect(opened.status == 200 && report.allowGuests && !report.allowSignup, "\(opened.text)")
    status = try await server.client().get(APIRoute.status.path()).json(ServerStatus.self)
    #expect(status.allowGuests && !status.allowSignup)
    #expect(try await server.client().signUp("late").status == 403)
    let guest = server.client()
    #expect(try await PasswordChangeTests.signedIn(guest)?.hasPrefix("guest-") == true)

    // Guests off: the guest's session ends, and no visitor becomes one.
    let closed = try await admin.request("PATCH", APIRoute.adminServer.path(), json: #"{"allowGuests":false}"#)
    #expect(try closed.json(ServerReport.self).allowSignup == false)
    #expect(try await guest.get(APIRoute.library.path()).status == 401)
    #expect(try await PasswordChangeTests.signedIn(server.client()) == nil)
    let wrongType = try await admin.request("PATCH", APIRoute.adminServer.path(), json: #"{"allowGuests":1}"#)
    #expect(wrongType.status == 400 && wrongType.errorMessage != nil)
    await server.stop()
  }

  @Test func aDisplayNameIsSetShownAndCleared() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let ann = server.client()
    try await ann.signUp("ann")
    let set = try await ann.request("PATCH", APIRoute.me.path(), json: #"{"displayName":"  Ann Smith  "}"#)
    #expect(try set.json(AuthEnvelope.self).user?.displayName == "Ann Smith", "\(set.text)")
    #expect(try await ann.get(APIRoute.me.path()).json(AuthEnvelope.self).user?.displayName == "Ann Smith")
    #expect(try await Self.accounts(ann).first?.displayName == "Ann Smith")

    for body in [
      #"{"displayName":"\#(String(repeating: "x", count: 65))"}"#, #"{"displayName":"a\u0007b"}"#, #"{}"#,
      #"{"displayName":5}"#, #"{"displayName":"x","username":"root"}"#,
    ] {
      let refused = try await ann.request("PATCH", APIRoute.me.path(), json: body)
      #expect(refused.status == 400 && refused.errorMessage != nil, "\(body): \(refused.text)")
    }
    let cleared = try await ann.request("PATCH", APIRoute.me.path(), json: #"{"displayName":""}"#)
    #expect(try cleared.json(AuthEnvelope.self).user?.displayName == nil)
    #expect(try await ann.get(APIRoute.me.path()).json(AuthEnvelope.self).user?.username == "ann")

    let guest = server.client()
    _ = try await guest.get(APIRoute.me.path())
    #expect(try await guest.request("PATCH", APIRoute.me.path(), json: #"{"displayName":"G"}"#).status == 403)
    await server.stop()
  }
}
