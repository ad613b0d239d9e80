import BlastoiseMedia
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// Listening together to spoken word, end to end on loopback with real sockets: a room queues a
/// book's files and a downloaded episode like tracks, streams them at /api/tracks/:id, and moves
/// the own progress of everyone signed in who hears it — so whoever leaves resumes where the room
/// was, and a guest keeps none.
@Suite struct RoomSpokenWordTests {
  /// Someone's progress in an item once `done` says it is there (written in the background; the
  /// deadline is only a hang guard).
  static func progress(
    _ client: APIClient, _ kind: BlastoiseProtocol.ProgressKind, _ id: String,
    until done: @escaping (ListeningProgress) -> Bool
  ) async throws -> ListeningProgress? {
    let deadline = Date().addingTimeInterval(60)
    var last: ListeningProgress?
    while Date() < deadline {
      let response = try await client.get(APIRoute.progressItem.path(kind.rawValue, id))
      if response.status == 200 {
        last = try response.json(ListeningProgress.self)
        if let last, done(last) { return last }
      }
      try await Task.sleep(for: .milliseconds(25))
    }
    return last
  }

  static func queue(_ client: APIClient, room: String, _ ids: [String]) async throws -> APIClient.Response {
    let body = try JSONSerialization.data(withJSONObject: ["add": ids])
    return try await client.request("PATCH", "/api/channels/\(room)/queue", json: String(decoding: body, as: UTF8.self))
  }

  @Test func aRoomPlaysABookAcrossItsFilesAndMovesEveryonesPlaceInIt() async throws {
    let root = try TestRun.makeDirectory("room-books")
    defer { TestRun.remove(root) }
    let folder = root + "/Ann Author/Long Walk"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await BookFixtures.book(at: folder + "/01 out.mp3", seconds: 30, metadata: [("title", "Out")])
    try await BookFixtures.book(at: folder + "/02 back.mp3", seconds: 30, metadata: [("title", "Back")])
    let clock = ManualClock(now: Date().timeIntervalSince1970)
    let server = try await TestServer(roomClock: clock) {
      $0.audiobooksDirectory = root
      $0.allowGuests = true
    }
    let owner = server.client()
    try await owner.signUp("owner")
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await owner.post(APIRoute.booksScan.path()).status == 200)
    let book = try #require(try await owner.get(APIRoute.books.path()).json(BookList.self).books.first)
    let files = try #require(try await owner.get(APIRoute.book.path(book.id)).json(Book.self).files)
    let ids = files.compactMap(\.trackId)
    #expect(ids == files.map { "\(book.id):\($0.index)" })

    let room = try await owner.post("/api/channels", #"{"name":"Reading"}"#).json(SeedChannelInfo.self).id
    #expect(try await Self.queue(owner, room: room, ids + ["\(book.id):7"]).status == 400)  // no such file
    #expect(try await Self.queue(owner, room: room, ids).status == 200)

    // The files play like tracks: titled by their chapter, timed by their own length, streamed.
    let ownerSocket = try await RoomTests.socket(server, owner, room: room)
    let state = try await ownerSocket.state()
    let queue = try JSONDecoder().decode(
      [Track].self, from: JSONSerialization.data(withJSONObject: state["queue"] ?? []))
    #expect(queue.map(\.title) == ["Out", "Back"])
    #expect(queue.allSatisfy { $0.album == "Long Walk" && $0.artist == "Ann Author" && abs($0.duration - 30) < 0.2 })
    let onDisk = try Data(contentsOf: URL(fileURLWithPath: folder + "/02 back.mp3"))
    let part = try await ann.request("GET", APIRoute.track.path(ids[1]), headers: ["Range": "bytes=0-99"])
    #expect(part.status == 206 && part.body == onDisk.prefix(100))
    #expect(try await server.client().get(APIRoute.track.path(ids[1])).status == 401)

    let annSocket = try await RoomTests.socket(server, ann, room: room)
    _ = try await annSocket.state()
    let guest = server.client()
    #expect(try await guest.get("/api/auth/me").status == 200)  // a guest session
    let guestSocket = try await RoomTests.socket(server, guest, room: room)
    _ = try await guestSocket.state()
    try await ownerSocket.send(json: ["action": "unpause"])
    _ = try await annSocket.state { $0["paused"] as? Bool == false }

    // Ten seconds in, ann leaves: her place in the book is where the room was.
    clock.advance(by: 10)
    annSocket.hangUp()
    let annLeft = try #require(try await Self.progress(ann, .books, book.id) { $0.position > 0 })
    #expect(abs(annLeft.position - 10) < 0.01)
    #expect(!annLeft.finished)

    // The room runs on into the second file: the owner's place counts the first file's length.
    clock.advance(by: 25)
    let first = try #require(files.first?.duration)
    let ownerPlace = try #require(try await Self.progress(owner, .books, book.id) { $0.position > first })
    #expect(abs(ownerPlace.position - (first + 5)) < 0.05)
    #expect(abs((ownerPlace.duration ?? 0) - book.duration) < 0.01)
    // Ann's stays where she left; the book's page shows it to her.
    #expect(try await ann.get(APIRoute.book.path(book.id)).json(Book.self).progress?.position == annLeft.position)
    // A guest keeps no progress.
    #expect(try await guest.get(APIRoute.progressItem.path("books", book.id)).status != 200)
    await server.stop()
  }

  @Test(arguments: PodcastServer.backends)
  func aRoomPlaysADownloadedEpisodeAndWhoLeavesResumesWhereItWas(backend: String) async throws {
    let site = try await FeedFixtureSite()
    try await TestTool.taggedTone(
      at: "\(site.directory)/ep1.mp3", seconds: 40, frequency: 500, metadata: [("title", "Ep 1")])
    try site.write("show.xml", FixtureFeeds.rss(episodes: 1, enclosures: site.url("/feeds")))
    try await PodcastServer.with(backend, { $0.podcastCheckSeconds = 0.2 }) { server, ann in
      let podcast = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/show.xml"))"}"#)
        .json(PodcastInfo.self)
      var episode: PodcastEpisode?
      for _ in 0..<2400 {  // 60 s: a hang guard
        episode = try await ann.get(APIRoute.podcastEpisodes.path(podcast.id)).json(Page<PodcastEpisode>.self).items
          .first { $0.download == "done" }
        if episode != nil { break }
        try await Task.sleep(for: .milliseconds(25))
      }
      let downloaded = try #require(episode)
      let trackID = try #require(downloaded.trackId)

      let room = try await ann.post("/api/channels", #"{"name":"Listening"}"#).json(SeedChannelInfo.self).id
      #expect(try await Self.queue(ann, room: room, [trackID]).status == 200)
      let socket = try await RoomTests.socket(server, ann, room: room)
      let state = try await socket.state()
      let queued = (state["queue"] as? [[String: Any]])?.first
      #expect(queued?["title"] as? String == "Episode 1")
      #expect(queued?["artist"] as? String == "Loopback Radio")
      // Timed by the file (40 s), not by the feed's 1:05:00.
      #expect(abs((queued?["duration"] as? Double ?? 0) - 40) < 0.5)

      // Paused, the room stands still: the place written is exact however slow the machine is.
      try await socket.send(json: ["action": "pause"])
      _ = try await socket.state { $0["paused"] as? Bool == true }
      #expect(try await ann.post("/api/channels/\(room)/seek", #"{"timestamp":21.5}"#).status == 200)
      _ = try await socket.state { ($0["currentTimestamp"] as? Double ?? 0) >= 21.5 }
      socket.hangUp()
      let place = try #require(
        try await Self.progress(ann, .episodes, downloaded.url) { abs($0.position - 21.5) < 0.01 })
      #expect(place.feed == site.url("/feeds/show.xml") && place.guid == "loopback-1")
      #expect(!place.finished)
      // The episode list shows it as where ann got to.
      let listed = try await ann.get(APIRoute.podcastEpisodes.path(podcast.id)).json(Page<PodcastEpisode>.self).items
      #expect(listed.first?.progress?.position == place.position)
    }
  }
}

extension RoomSpokenWordTests {
  /// One m4b with three chapters: the room takes it chapter by chapter, each cut out of the file
  /// (stream copy) as audio of its own, and the place written counts the chapter's start.
  @Test func aRoomPlaysAChapteredBookChapterByChapter() async throws {
    let root = try TestRun.makeDirectory("room-chapters")
    defer { TestRun.remove(root) }
    try await BookFixtures.book(
      at: root + "/tale.m4b", seconds: 9, chapters: [("Opening", 0), ("Middle", 3), ("Close", 6)],
      metadata: [("album", "A Tale"), ("artist", "Dee Writer")])
    let server = try await TestServer { $0.audiobooksDirectory = root }
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await ann.post(APIRoute.booksScan.path()).status == 200)
    let listed = try #require(try await ann.get(APIRoute.books.path()).json(BookList.self).books.first)
    let book = try await ann.get(APIRoute.book.path(listed.id)).json(Book.self)
    let chapters = try #require(book.chapters)
    let ids = chapters.compactMap(\.trackId)
    #expect(ids == (0..<3).map { "\(book.id):c\($0)" })

    // Each chapter is audio of its own: an m4a about three seconds long.
    let middle = try await ann.get(APIRoute.track.path(ids[1]))
    #expect(middle.status == 200 && middle.header("Content-Type") == "audio/mp4")
    let cut = server.dataDirectory + "/middle.m4a"
    try middle.body.write(to: URL(fileURLWithPath: cut))
    let length = try TagReader.read(path: cut).get().duration
    #expect(abs(length - 3) < 0.1, "the cut is \(length) s")
    let again = try await ann.request("GET", APIRoute.track.path(ids[1]), headers: ["Range": "bytes=0-99"])
    #expect(again.status == 206 && again.body == middle.body.prefix(100))
    #expect(try await ann.get(APIRoute.track.path("\(book.id):c3")).status == 404)

    let room = try await ann.post("/api/channels", #"{"name":"Tale"}"#).json(SeedChannelInfo.self).id
    #expect(try await Self.queue(ann, room: room, ids).status == 200)
    let socket = try await RoomTests.socket(server, ann, room: room)
    let state = try await socket.state()
    let queue = try JSONDecoder().decode(
      [Track].self, from: JSONSerialization.data(withJSONObject: state["queue"] ?? []))
    #expect(queue.map(\.title) == ["Opening", "Middle", "Close"])
    #expect(queue.allSatisfy { abs($0.duration - 3) < 0.1 && $0.album == "A Tale" })

    // Paused half a second into the middle chapter, ann leaves: her place is 3.5 s into the book.
    try await socket.send(json: ["action": "pause"])
    _ = try await socket.state { $0["paused"] as? Bool == true }
    #expect(try await ann.post("/api/channels/\(room)/jump", #"{"index":1}"#).status == 200)
    _ = try await socket.state { $0["currentIndex"] as? Int == 1 }
    #expect(try await ann.post("/api/channels/\(room)/seek", #"{"timestamp":0.5}"#).status == 200)
    _ = try await socket.state { abs(($0["currentTimestamp"] as? Double ?? 0) - 0.5) < 0.001 }
    socket.hangUp()
    let place = try #require(try await Self.progress(ann, .books, book.id) { abs($0.position - 3.5) < 0.05 })
    #expect(abs(place.position - 3.5) < 0.05)
    await server.stop()
  }
}
