import BlastoiseProtocol
import Foundation
import Testing

/// Per-person data through the real server: real tagged files, the real scanner and SQLite, the
/// server on loopback, rooms on a clock the test moves.
@Suite struct AnnotationRoutesTests {
  @Test func aFavouriteAlbumIsListedAndShownOnlyToItsPerson() async throws {
    let (server, owner) = try await CatalogRoutesTests.server()
    let bob = server.client()
    try await bob.signUp("bob")
    let albums = try await owner.get(APIRoute.albums.path()).json(Page<Album>.self).items
    let album = try #require(albums.first)
    let marked = try await owner.request("PUT", APIRoute.favourite.path("albums", album.id))
    #expect(marked.status == 200 && marked.text == #"{"favourite":true}"#)

    let favourites = try await owner.get(APIRoute.favourites.path()).json(Favourites.self)
    #expect(favourites.albums.map(\.id) == [album.id] && favourites.albums[0].favourite == true)
    #expect(favourites.tracks.isEmpty && favourites.artists.isEmpty)
    let mine = try await owner.get(APIRoute.albums.path()).json(Page<Album>.self).items
    #expect(mine.map(\.favourite) == [true, nil])
    #expect(try await owner.get(APIRoute.album.path(album.id)).json(AlbumDetail.self).album.favourite == true)
    // Bob sees the catalog as it is: the answer has no annotation fields at all.
    let bobs = try await bob.get(APIRoute.albums.path())
    #expect(try bobs.json(Page<Album>.self).items.allSatisfy { $0.favourite == nil })
    #expect(!bobs.text.contains("favourite"))
    #expect(try await bob.get(APIRoute.favourites.path()).json(Favourites.self) == Favourites())

    let unmarked = try await owner.request("DELETE", APIRoute.favourite.path("albums", album.id))
    #expect(unmarked.status == 200 && unmarked.text == "{}")
    #expect(try await owner.get(APIRoute.favourites.path()).json(Favourites.self).albums.isEmpty)
    await server.stop()
  }

  @Test func ratingsAndBadRequests() async throws {
    let (server, owner) = try await CatalogRoutesTests.server()
    let track = try #require(try await owner.get(APIRoute.library.path()).json([Track].self).first)
    let rated = try await owner.request("PUT", APIRoute.rating.path("tracks", track.id), json: #"{"rating":4}"#)
    #expect(rated.status == 200 && rated.text == #"{"rating":4}"#)
    let detail = try await owner.get(APIRoute.album.path(try #require(track.albumId))).json(AlbumDetail.self)
    #expect(detail.tracks.first { $0.id == track.id }?.rating == 4)
    #expect(try await owner.request("DELETE", APIRoute.rating.path("tracks", track.id)).text == "{}")

    let refused = [
      try await owner.request("PUT", APIRoute.rating.path("tracks", track.id), json: #"{"rating":6}"#),
      try await owner.request("PUT", APIRoute.rating.path("tracks", track.id), json: #"{"rating":3,"x":1}"#),
      try await owner.request("PUT", APIRoute.favourite.path("songs", track.id)),
      try await owner.post(APIRoute.plays.path(), #"{}"#),
    ]
    #expect(refused.map(\.status) == [400, 400, 400, 400])
    #expect(try await owner.request("PUT", APIRoute.favourite.path("artists", "nothing")).status == 404)
    #expect(try await owner.post(APIRoute.plays.path(), #"{"trackId":"sha256:nothing"}"#).status == 404)
    await server.stop()
  }

  /// What the web app reads for lists whose tracks carry no annotations (the library, the queue).
  @Test func everyAnnotationOfAKindByID() async throws {
    let (server, owner) = try await CatalogRoutesTests.server()
    let bob = server.client()
    try await bob.signUp("bob")
    let tracks = try await owner.get(APIRoute.library.path()).json([Track].self)
    let (first, second) = (tracks[0].id, tracks[1].id)
    _ = try await owner.request("PUT", APIRoute.favourite.path("tracks", first))
    _ = try await owner.request("PUT", APIRoute.rating.path("tracks", second), json: #"{"rating":2}"#)

    let mine = try await owner.get(APIRoute.annotations.path("tracks")).json([String: Annotation].self)
    #expect(mine == [first: Annotation(favouriteAt: 0), second: Annotation(rating: 2)])
    #expect(try await bob.get(APIRoute.annotations.path("tracks")).text == "{}")
    #expect(try await owner.get(APIRoute.annotations.path("albums")).text == "{}")
    let bad = try await owner.get(APIRoute.annotations.path("songs"))
    #expect(bad.status == 400 && bad.errorMessage == "The kind is tracks, albums or artists")
    await server.stop()
  }

  @Test func aPlayReportedByTheClientCountsForTrackAlbumArtistAndMostPlayed() async throws {
    let (server, owner) = try await CatalogRoutesTests.server()
    let bob = server.client()
    try await bob.signUp("bob")
    let hit = try #require(try await owner.get(APIRoute.library.path()).json([Track].self).first { $0.title == "Hit" })
    for expected in [1, 2] {
      let answer = try await owner.post(APIRoute.plays.path(), #"{"trackId":"\#(hit.id)"}"#).json(Annotation.self)
      #expect(answer.playCount == expected && answer.playedAt != nil)
    }
    let recent = try await owner.get(APIRoute.recentPlays.path()).json(RecentlyPlayed.self)
    #expect(recent.tracks.map(\.title) == ["Hit"] && recent.tracks[0].playCount == 2)
    #expect(recent.albums.map(\.name) == ["Hits"] && recent.albums[0].playCount == 2)

    // Most played: the owner's own plays first; Bob has none, so his is the name order.
    let played = APIRoute.albums.path(query: [("sort", "played")])
    #expect(try await owner.get(played).json(Page<Album>.self).items.map(\.name) == ["Hits", "Ágætis byrjun"])
    #expect(try await bob.get(played).json(Page<Album>.self).items.map(\.name) == ["Ágætis byrjun", "Hits"])
    let artists = try await owner.get(APIRoute.artists.path(query: [("sort", "played")])).json(Page<Artist>.self)
    #expect(artists.items.first?.name == "Ann" && artists.items.first?.playCount == 2)
    #expect(try await bob.get(APIRoute.recentPlays.path()).json(RecentlyPlayed.self) == RecentlyPlayed())
    await server.stop()
  }

  @Test func guestsKeepNothing() async throws {
    let music = try await CatalogRoutesTests.music.value
    let server = try await TestServer {
      $0.musicDirectory = music
      $0.allowGuests = true
    }
    let guest = server.client()
    _ = try await guest.get(APIRoute.me.path())
    let answers = [
      try await guest.get(APIRoute.favourites.path()),
      try await guest.get(APIRoute.recentPlays.path()),
      try await guest.get(APIRoute.annotations.path("tracks")),
      try await guest.request("PUT", APIRoute.favourite.path("albums", "any")),
      try await guest.post(APIRoute.plays.path(), #"{"trackId":"sha256:any"}"#),
    ]
    #expect(answers.map(\.status) == [403, 403, 403, 403, 403])
    #expect(answers[0].errorMessage == "Guests keep no favourites, ratings or plays")
    // Their catalog is the shared one, `played` the name order.
    #expect(try await guest.get(APIRoute.albums.path(query: [("sort", "played")])).status == 200)
    await server.stop()
  }

  /// Two people in a room hear a 40 s track: 20 s of the room's clock later each has a play, and
  /// nothing more however long it keeps playing into the next track.
  @Test func aRoomCountsAPlayForEachPersonListening() async throws {
    let room = try await TwoInARoom.start()
    room.clock.advance(by: 19)
    #expect(try await Self.plays(of: room.owner).isEmpty)
    room.clock.advance(by: 2)
    for person in [room.owner, room.ann] {
      #expect(try await Self.firstPlays(of: person).map(\.title) == ["Long"])
      #expect(try await Self.plays(of: person).first?.playCount == 1)
    }
    await room.server.stop()
  }

  /// Someone who says they play something else (`listening: false`) gets no play from the room
  /// while the others do; saying `listening: true` again counts them from then on.
  @Test func aPersonPlayingSomethingElseGetsNoPlayFromTheRoom() async throws {
    let room = try await TwoInARoom.start()
    try await room.sockets[1].send(json: ["action": "listening", "listening": false])
    try await room.sockets[1].send(json: ["action": "listening"])
    let missing = try await room.sockets[1].message { $0["type"] as? String == "error" }
    #expect((missing["message"] as? String)?.contains("'listening'") == true)
    room.clock.advance(by: 21)
    #expect(try await Self.firstPlays(of: room.owner).map(\.title) == ["Long"])
    #expect(try await Self.plays(of: room.ann).isEmpty)

    // Ann hears the room again and the owner starts the track over (a jump: a new play); the
    // malformed message after each is answered once the one before it is done.
    try await room.sockets[1].send(json: ["action": "listening", "listening": true])
    try await room.sockets[1].send(json: ["action": "listening"])
    _ = try await room.sockets[1].message { $0["type"] as? String == "error" }
    try await room.sockets[0].send(json: ["action": "jump", "index": 0])
    try await room.sockets[0].send(json: ["action": "listening"])
    _ = try await room.sockets[0].message { $0["type"] as? String == "error" }
    room.clock.advance(by: 19)
    #expect(try await Self.plays(of: room.ann).isEmpty)
    room.clock.advance(by: 2)
    #expect(try await Self.firstPlays(of: room.ann).map(\.title) == ["Long"])
    await room.server.stop()
  }

  /// The owner and Ann, each on a socket in the default room, which plays one 40 s track on a
  /// manual clock.
  struct TwoInARoom {
    let server: TestServer
    let owner: APIClient
    let ann: APIClient
    let clock: ManualClock
    let sockets: [SocketClient]

    static func start() async throws -> TwoInARoom {
      let clock = ManualClock(now: Date().timeIntervalSince1970)
      let files = ["00 long.wav": LibraryRoutesTests.wav(seconds: 40, frequency: 330, title: "Long")]
      let (server, owner) = try await LibraryRoutesTests.serverWithMusic(files, roomClock: clock)
      let ann = server.client()
      try await ann.signUp("ann")
      var room: SeedChannelInfo?
      for _ in 0..<2400 {  // 60 s: a hang guard
        room = try await owner.get("/api/channels").json([SeedChannelInfo].self).first {
          $0.isDefault && $0.trackCount == 1
        }
        if room != nil { break }
        try await Task.sleep(for: .milliseconds(25))
      }
      let roomID = try #require(room?.id)
      let sockets = [
        try await RoomTests.socket(server, owner, room: roomID), try await RoomTests.socket(server, ann, room: roomID),
      ]
      for socket in sockets { _ = try await socket.state() }
      // A request through the room after both joins: each join has been told to the tally.
      #expect(try await owner.get("/api/channels/\(roomID)").status == 200)
      #expect(try await owner.get("/api/channels/\(roomID)").json(SeedChannelState.self).paused == false)
      return TwoInARoom(server: server, owner: owner, ann: ann, clock: clock, sockets: sockets)
    }
  }

  /// The person's recently played tracks once there are any (plays are written in the background).
  static func firstPlays(of client: APIClient) async throws -> [Track] {
    for _ in 0..<2400 {  // 60 s: a hang guard
      let tracks = try await plays(of: client)
      if !tracks.isEmpty { return tracks }
      try await Task.sleep(for: .milliseconds(25))
    }
    return []
  }

  static func plays(of client: APIClient) async throws -> [Track] {
    try await client.get(APIRoute.recentPlays.path()).json(RecentlyPlayed.self).tracks
  }
}
