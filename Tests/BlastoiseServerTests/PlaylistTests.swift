import Foundation
import Testing

/// Playlists: CRUD, edits by position with duplicates, visibility, and the share-link lifecycle.
@Suite struct PlaylistTests {
  struct SeedPlaylist: Decodable {
    let id: String
    let name: String
    let description: String
    let ownerId: Int
    let ownerName: String
    let isPublic: Bool
    let shareToken: String?
    let trackIds: [String]
  }

  struct SeedBundle: Decodable {
    let mine: [SeedPlaylist]
    let shared: [SeedPlaylist]
  }

  static func setUp() async throws -> (TestServer, APIClient, APIClient, [String]) {
    let (server, owner) = try await LibraryRoutesTests.serverWithMusic(
      [
        "a.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 300, title: "A"),
        "b.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 400, title: "B"),
        "c.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 500, title: "C"),
      ]
    ) { $0.allowGuests = true }
    let ann = server.client()
    try await ann.signUp("ann")
    let ids = try await owner.get("/api/library").json([SeedTrack].self).sorted { $0.title < $1.title }.map(\.id)
    return (server, owner, ann, ids)
  }

  @Test func createEditByPositionWithDuplicatesAndDelete() async throws {
    let (server, _, ann, ids) = try await Self.setUp()
    let created = try await ann.post("/api/playlists", #"{"name":"  Road Trip ","description":"for the car"}"#)
    #expect(created.status == 200)
    let playlist = try created.json(SeedPlaylist.self)
    #expect(playlist.name == "Road Trip")
    #expect(playlist.ownerName == "ann")
    #expect(playlist.shareToken == nil)
    let path = "/api/playlists/\(playlist.id)/tracks"

    func edit(_ json: String) async throws -> [String] {
      let response = try await ann.request("PATCH", path, json: json)
      #expect(response.status == 200, "\(json): \(response.text)")
      return try response.json(SeedPlaylist.self).trackIds
    }
    #expect(try await edit(#"{"set":["\#(ids[0])","\#(ids[1])"]}"#) == [ids[0], ids[1]])
    #expect(try await edit(#"{"add":["\#(ids[0])","\#(ids[2])"],"insertAt":1}"#) == [ids[0], ids[0], ids[2], ids[1]])
    #expect(try await edit(#"{"remove":[1]}"#) == [ids[0], ids[2], ids[1]])
    #expect(try await edit(#"{"move":[2],"to":0}"#) == [ids[1], ids[0], ids[2]])
    #expect(try await edit(#"{"add":["\#(ids[1])"]}"#) == [ids[1], ids[0], ids[2], ids[1]])

    let unknown = try await ann.request(
      "PATCH", path, json: #"{"add":["sha256:\#(String(repeating: "e", count: 64))"]}"#)
    #expect(unknown.status == 400)
    #expect(try await ann.request("PATCH", path, json: #"{"remove":[9]}"#).status == 400)
    #expect(try await ann.request("PATCH", path, json: #"{"move":[0]}"#).status == 400)
    #expect(try await ann.get("/api/playlists/\(playlist.id)").json(SeedPlaylist.self).trackIds.count == 4)

    let renamed = try await ann.request("PATCH", "/api/playlists/\(playlist.id)", json: #"{"name":"Renamed"}"#)
    #expect(try renamed.json(SeedPlaylist.self).name == "Renamed")
    #expect(try await ann.request("PATCH", "/api/playlists/\(playlist.id)", json: #"{"name":""}"#).status == 400)
    #expect(try await ann.post("/api/playlists", #"{"name":""}"#).status == 400)
    #expect(try await ann.request("DELETE", "/api/playlists/\(playlist.id)").status == 200)
    #expect(try await ann.get("/api/playlists/\(playlist.id)").status == 404)
    await server.stop()
  }

  @Test func privatePlaylistsAreInvisibleAndPublicOnesReadOnlyToOthers() async throws {
    let (server, owner, ann, _) = try await Self.setUp()
    let bob = server.client()
    try await bob.signUp("bob")
    let playlist = try await ann.post("/api/playlists", #"{"name":"Secret"}"#).json(SeedPlaylist.self)
    #expect(try await bob.get("/api/playlists/\(playlist.id)").status == 404)
    #expect(try await bob.request("PATCH", "/api/playlists/\(playlist.id)", json: #"{"name":"Mine"}"#).status == 404)
    #expect(try await owner.get("/api/playlists/\(playlist.id)").status == 200)  // admins see everything

    #expect(try await ann.request("PATCH", "/api/playlists/\(playlist.id)", json: #"{"isPublic":true}"#).status == 200)
    #expect(try await bob.get("/api/playlists/\(playlist.id)").status == 200)
    #expect(try await bob.request("DELETE", "/api/playlists/\(playlist.id)").status == 403)
    let bundle = try await bob.get("/api/playlists").json(SeedBundle.self)
    #expect(bundle.mine.isEmpty)
    #expect(bundle.shared.map(\.id) == [playlist.id])
    await server.stop()
  }

  @Test func shareLinkLifecycleAcrossTwoUsersAndAGuest() async throws {
    let (server, _, ann, ids) = try await Self.setUp()
    let bob = server.client()
    try await bob.signUp("bob")
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    let playlist = try await ann.post("/api/playlists", #"{"name":"Share Me"}"#).json(SeedPlaylist.self)
    try await ann.request(
      "PATCH", "/api/playlists/\(playlist.id)/tracks", json: #"{"set":["\#(ids[2])","\#(ids[2])"]}"#)

    let shared = try await ann.post("/api/playlists/\(playlist.id)/share").json(SeedPlaylist.self)
    let token = try #require(shared.shareToken)
    #expect(token.count >= 32)
    #expect(try await bob.post("/api/playlists/\(playlist.id)/share").status == 404)

    let seen = try await bob.get("/api/playlists/shared/\(token)")
    #expect(try seen.json(SeedPlaylist.self).trackIds == [ids[2], ids[2]])
    #expect(try await bob.get("/api/playlists").json(SeedBundle.self).shared.isEmpty)  // a GET changes nothing
    #expect(try await bob.post("/api/playlists/shared/\(token)/remember").status == 200)
    #expect(try await bob.get("/api/playlists").json(SeedBundle.self).shared.map(\.id) == [playlist.id])
    #expect(try await guest.get("/api/playlists/shared/\(token)").status == 200)
    #expect(try await guest.post("/api/playlists/shared/\(token)").status == 403)
    #expect(try await guest.post("/api/playlists/shared/\(token)/remember").status == 403)
    #expect(try await server.client().get("/api/playlists/shared/\(token)").status == 401)

    let copy = try await bob.post("/api/playlists/shared/\(token)").json(SeedPlaylist.self)
    #expect(copy.id != playlist.id)
    #expect(copy.ownerName == "bob")
    #expect(copy.trackIds == [ids[2], ids[2]])
    #expect(try await bob.get("/api/playlists").json(SeedBundle.self).mine.map(\.id) == [copy.id])

    let revoked = try await ann.request("DELETE", "/api/playlists/\(playlist.id)/share").json(SeedPlaylist.self)
    #expect(revoked.shareToken == nil)
    #expect(try await bob.get("/api/playlists/shared/\(token)").status == 404)
    #expect(try await bob.get("/api/playlists").json(SeedBundle.self).shared.isEmpty)
    #expect(try await bob.get("/api/playlists/shared/nonexistent-token").status == 404)
    let again = try await ann.post("/api/playlists/\(playlist.id)/share").json(SeedPlaylist.self)
    #expect(again.shareToken != token)
    await server.stop()
  }

  @Test func hugeBodiesAreRefusedWithNothingChanged() async throws {
    let (server, _, ann, ids) = try await Self.setUp()
    let playlist = try await ann.post("/api/playlists", #"{"name":"Big"}"#).json(SeedPlaylist.self)
    let many = Array(repeating: "\"\(ids[0])\"", count: 10_001).joined(separator: ",")
    let response = try await ann.request("PATCH", "/api/playlists/\(playlist.id)/tracks", json: #"{"set":[\#(many)]}"#)
    #expect(response.status == 400 || response.status == 413)
    #expect(response.errorMessage != nil)
    #expect(try await ann.get("/api/playlists/\(playlist.id)").json(SeedPlaylist.self).trackIds.isEmpty)
    await server.stop()
  }
}
