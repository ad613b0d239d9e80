import BlastoiseCore
import Foundation
import Testing

/// Private rooms end to end on loopback: ben owns the party's room, cat is its DJ once named, ann
/// is a member of the server and nothing more, and a guest comes with the invite link.
@Suite struct RoomInvitesTests {
  static let refusal = "No such room, or it is private and the invite link is no longer valid"

  static func makePrivate(_ party: RoomRolesTests.Party) async throws -> String {
    let made = try await party.ben.request("PATCH", "/api/channels/\(party.room)", json: #"{"isPrivate":true}"#)
    #expect(made.status == 200)
    let state = try await party.ben.get("/api/channels/\(party.room)")
    let object = try JSONSerialization.jsonObject(with: state.body) as? [String: Any]
    #expect(object?["isPrivate"] as? Bool == true)
    return try #require(object?["inviteToken"] as? String)
  }

  static func listed(_ client: APIClient) async throws -> [String] {
    try await client.get("/api/channels").json([SeedChannelInfo].self).map(\.id)
  }

  static func socket(_ party: RoomRolesTests.Party, _ client: APIClient, invite: String?) async throws -> SocketClient {
    let query = invite.map { "?invite=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
    return try await SocketClient.connect(
      port: party.server.server.port, path: "/api/channels/\(party.room)/ws\(query ?? "")", cookie: client.cookie)
  }

  static func refused(_ party: RoomRolesTests.Party, _ client: APIClient, invite: String?) async -> Bool {
    do {
      _ = try await socket(party, client, invite: invite)
      return false
    } catch let refusal as SocketClient.HandshakeRefused {
      return refusal.head.hasPrefix("HTTP/1.1 404")
    } catch {
      return false
    }
  }

  @Test func aPrivateRoomIsHiddenAndOpensOnlyForItsMembersAndWithItsToken() async throws {
    let party = try await RoomRolesTests.party(guests: true)
    let token = try await Self.makePrivate(party)
    #expect(token.count >= 40)
    #expect(try await Self.listed(party.ann).contains(party.room) == false)
    #expect(try await Self.listed(party.cat).contains(party.room) == false)
    #expect(try await Self.listed(party.ben).contains(party.room))
    #expect(try await Self.listed(party.admin).contains(party.room))
    let look = try await party.ann.get("/api/channels/\(party.room)")
    #expect(look.status == 404)
    #expect(look.errorMessage == Self.refusal)
    #expect(try await party.ann.post("/api/channels/\(party.room)/jump", #"{"index":1}"#).status == 404)
    #expect(await Self.refused(party, party.ann, invite: nil))
    #expect(await Self.refused(party, party.ann, invite: "not-the-token"))
    #expect(await Self.refused(party, party.ann, invite: String(token.dropLast())))
    // A client may check a link before it opens the socket.
    #expect(try await party.ann.get("/api/channels/\(party.room)?invite=wrong").status == 404)
    #expect(try await party.ann.get("/api/channels/\(party.room)?invite=\(token)").status == 200)

    let annSocket = try await Self.socket(party, party.ann, invite: token)
    let annState = try await annSocket.state()
    #expect(annState["channelId"] as? String == party.room)
    #expect(annState["isPrivate"] as? Bool == true)
    #expect(annState["inviteToken"] == nil)  // only members are given the link to share
    #expect(try await Self.listed(party.ann).contains(party.room))
    #expect(try await party.ann.get("/api/channels/\(party.room)").status == 200)

    // A DJ is a member: listed, let in without the token, and given it.
    let named = try await party.ben.request("PATCH", "/api/channels/\(party.room)", json: #"{"djs":[\#(party.catID)]}"#)
    #expect(named.status == 200)
    #expect(try await Self.listed(party.cat).contains(party.room))
    let catState = try await Self.socket(party, party.cat, invite: nil).state()
    #expect(catState["inviteToken"] as? String == token)

    let guest = party.server.client()
    _ = try await guest.get("/api/auth/me")
    #expect(await Self.refused(party, guest, invite: nil))
    #expect(try await Self.socket(party, guest, invite: token).state()["channelId"] as? String == party.room)
    await party.server.stop()
  }

  @Test func aNewInviteLinkRevokesTheOldAndOnlyTheOwnerOrAnAdminMayChangeEither() async throws {
    let party = try await RoomRolesTests.party()
    let path = "/api/channels/\(party.room)"
    let notYet = try await party.ben.post("\(path)/invite", "{}")
    #expect(notYet.status == 400)
    #expect(notYet.errorMessage == "Only a private room has an invite link to renew")
    #expect(try await party.ann.request("PATCH", path, json: #"{"isPrivate":true}"#).status == 403)
    let first = try await Self.makePrivate(party)
    #expect(try await party.ann.post("\(path)/invite", "{}").status == 403)
    #expect(try await party.ann.request("PATCH", path, json: #"{"isPrivate":false}"#).status == 403)
    let benSocket = try await RoomTests.socket(party.server, party.ben, room: party.room)
    _ = try await benSocket.state()
    let renewed = try await party.ben.post("\(path)/invite", "{}")
    #expect(renewed.status == 200)
    let second = try renewed.json([String: String].self)["inviteToken"]
    #expect(second != nil && second != first)
    let activity = try await benSocket.message { $0["type"] as? String == "activity" }
    #expect(activity["message"] as? String == "ben made a new invite link")
    #expect(await Self.refused(party, party.ann, invite: first))
    _ = try await Self.socket(party, party.ann, invite: second).state()

    let main = try #require(try await Self.listed(party.admin).first)
    let mainPrivate = try await party.admin.request("PATCH", "/api/channels/\(main)", json: #"{"isPrivate":true}"#)
    #expect(mainPrivate.status == 400)
    #expect(mainPrivate.errorMessage == "The main room stays open to everyone")

    #expect(try await party.admin.request("PATCH", path, json: #"{"isPrivate":false}"#).status == 200)
    #expect(try await Self.listed(party.cat).contains(party.room))
    #expect(try await Self.socket(party, party.cat, invite: nil).state()["isPrivate"] as? Bool == false)
    await party.server.stop()
  }

  /// Over the socket: the room list leaves a private room out for those it does not let in, and
  /// `switch` needs the token.
  @Test func theRoomListAndSwitchingKeepToTheSameRule() async throws {
    let party = try await RoomRolesTests.party(roomClock: SystemClock())
    let main = try #require(try await Self.listed(party.ann).first)
    let annSocket = try await RoomTests.socket(party.server, party.ann, room: main)
    _ = try await annSocket.state()
    let token = try await Self.makePrivate(party)
    let room = party.room
    _ = try await annSocket.message { message in
      message["type"] as? String == "channel_list"
        && ((message["channels"] as? [[String: Any]])?.contains { $0["id"] as? String == room } == false)
    }
    try await annSocket.send(json: ["action": "switch", "channelId": room])
    let error = try await annSocket.message { $0["type"] as? String == "error" }
    #expect(error["message"] as? String == Self.refusal)
    try await annSocket.send(json: ["action": "switch", "channelId": room, "invite": token])
    let switched = try await annSocket.message { $0["type"] as? String == "switched" }
    #expect(switched["channelId"] as? String == room)
    _ = try await annSocket.message { message in
      message["type"] as? String == "channel_list"
        && ((message["channels"] as? [[String: Any]])?.contains {
          $0["id"] as? String == room && $0["isPrivate"] as? Bool == true
        } == true)
    }
    await party.server.stop()
  }

  /// Every entry says who added it (`addedBy`, additive; stored, as the store contract shows).
  @Test func queueEntriesSayWhoAddedThem() async throws {
    let party = try await RoomRolesTests.party()
    let path = "/api/channels/\(party.room)"
    let socket = try await RoomTests.socket(party.server, party.ann, room: party.room)
    let queue = try #require(try await socket.state()["queue"] as? [[String: Any]])
    #expect(queue.map { $0["addedBy"] as? String } == ["ben", "ben", "ben"])
    let first = try #require(queue.first?["id"] as? String)
    let add = try await party.ann.request("PATCH", "\(path)/queue", json: #"{"add":["\#(first)"],"insertAt":1}"#)
    #expect(add.status == 200)
    let after = try await socket.state { ($0["queue"] as? [[String: Any]])?.count == 4 }
    let adders = (after["queue"] as? [[String: Any]])?.map { $0["addedBy"] as? String }
    #expect(adders == ["ben", "ann", "ben", "ben"])
    await party.server.stop()
  }
}
