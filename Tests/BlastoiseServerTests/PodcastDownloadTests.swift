import BlastoiseProtocol
import BlastoiseServer
import BlastoiseTestSupport
import Foundation
import Testing

/// Episode downloads through the real server on loopback, on SQLite and on PostgreSQL: the feed
/// and its episodes (tones made by sox and ffmpeg) served by `FeedFixtureSite`, the newest three
/// downloaded by the server's own downloader and streamed back with Range from /api/tracks/:id,
/// retention after `keepLatest` shrinks, and an old episode downloaded on request.
@Suite struct PodcastDownloadTests {
  static let backends = PodcastServer.backends

  /// Downloads checked for every 0.2 s, files up to `maxEpisodeMegabytes`.
  private static func downloading(maxEpisodeMegabytes: Int = 1_024) -> @Sendable (inout ServerConfiguration) -> Void {
    { configuration in
      configuration.podcastCheckSeconds = 0.2
      configuration.maxEpisodeMegabytes = maxEpisodeMegabytes
    }
  }

  /// The episodes, once `done` says what it should (polled; the deadline is only a hang guard).
  private static func episodes(
    _ client: APIClient, _ id: String, until done: ([PodcastEpisode]) -> Bool
  ) async throws -> [PodcastEpisode] {
    let deadline = Date().addingTimeInterval(120)
    while true {
      let items = try await client.get(APIRoute.podcastEpisodes.path(id)).json(Page<PodcastEpisode>.self).items
      if done(items) || Date() > deadline { return items }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  @Test(arguments: backends)
  func theLatestAreDownloadedStreamedWithRangeAndRetained(backend: String) async throws {
    let site = try await FeedFixtureSite()
    var tones: [Int: Data] = [:]
    for number in 1...5 {
      let path = "\(site.directory)/ep\(number).mp3"
      try await TestTool.taggedTone(at: path, frequency: 300 + 100 * number, metadata: [("title", "Ep \(number)")])
      tones[number] = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    try site.write("show.xml", FixtureFeeds.rss(episodes: 5, enclosures: site.url("/feeds")))
    try await PodcastServer.with(backend, Self.downloading()) { server, ann in
      let made = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/show.xml"))"}"#)
      let podcast = try made.json(PodcastInfo.self)
      #expect(podcast.keepLatest == 3)

      // The newest three are downloaded; the two older ones are not.
      var items = try await Self.episodes(ann, podcast.id) { items in
        items.prefix(3).allSatisfy { $0.download == "done" }
      }
      #expect(items.map(\.download) == ["done", "done", "done", nil, nil])
      let newest = items[0]
      let trackID = try #require(newest.trackId)
      #expect(newest.streamUrl == APIRoute.track.path(trackID))
      let tone = try #require(tones[5])

      // Streamed from the server's copy, whole and by range.
      let whole = try await ann.get(try #require(newest.streamUrl))
      #expect(whole.status == 200 && whole.body == tone && whole.header("Content-Type") == "audio/mpeg")
      let part = try await ann.request("GET", APIRoute.track.path(trackID), headers: ["Range": "bytes=100-199"])
      #expect(part.status == 206 && part.body == tone.subdata(in: 100..<200))
      let hex = String(trackID.dropFirst("sha256:".count))
      let file = "\(server.dataDirectory)/episodes/\(hex.prefix(2))/\(hex).mp3"
      #expect(FileManager.default.fileExists(atPath: file))

      // Ann is in the middle of episode 4 (the second newest): keeping only the newest deletes
      // episode 3's copy but not episode 4's.
      let middle = APIRoute.progressItem.path("episodes", items[1].url)
      #expect(try await ann.request("PUT", middle, json: #"{"position":0.2}"#).status == 200)
      let third = try #require(items[2].trackId)
      #expect(
        try await ann.request("PATCH", APIRoute.podcast.path(podcast.id), json: #"{"keepLatest":1}"#).status == 200)
      items = try await Self.episodes(ann, podcast.id) { $0[2].download == nil }
      #expect(items.map(\.download) == ["done", "done", nil, nil, nil])
      #expect(try await ann.get(APIRoute.track.path(third)).status == 404)
      let thirdHex = String(third.dropFirst("sha256:".count))
      #expect(
        !FileManager.default.fileExists(
          atPath: "\(server.dataDirectory)/episodes/\(thirdHex.prefix(2))/\(thirdHex).mp3"))

      // The oldest, on request, and it stays although it is older than the newest one.
      let oldest = items[4]
      let ask = APIRoute.podcastEpisodeDownload.path(podcast.id, oldest.guid)
      #expect(try await ann.post(ask).status == 202)
      items = try await Self.episodes(ann, podcast.id) { $0[4].download == "done" }
      #expect(items.map(\.download) == ["done", "done", nil, nil, "done"])
      let old = try await ann.get(try #require(items[4].streamUrl))
      #expect(old.status == 200 && old.body == tones[1])

      // Bad values and other people's podcasts.
      for body in [#"{"keepLatest":51}"#, #"{"keepLatest":-1}"#, #"{"keepLatest":"3"}"#, #"{"keep":3}"#] {
        #expect(try await ann.request("PATCH", APIRoute.podcast.path(podcast.id), json: body).status == 400)
      }
      let bob = server.client()
      try await bob.signUp("bob")
      #expect(
        try await bob.request("PATCH", APIRoute.podcast.path(podcast.id), json: #"{"keepLatest":2}"#).status == 404)
      #expect(try await bob.post(ask).status == 404)
      #expect(try await ann.post(APIRoute.podcastEpisodeDownload.path(podcast.id, "no-such-guid")).status == 404)

      // Unsubscribed, the feed keeps none: the newest goes; the one ann is in the middle of and
      // the one she asked for stay.
      let kept = [try #require(items[1].trackId), try #require(items[4].trackId)]
      #expect(try await ann.request("DELETE", APIRoute.podcast.path(podcast.id)).status == 204)
      let deadline = Date().addingTimeInterval(120)
      while try await ann.get(APIRoute.track.path(trackID)).status == 200, Date() < deadline {
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(try await ann.get(APIRoute.track.path(trackID)).status == 404)
      for id in kept { #expect(try await ann.get(APIRoute.track.path(id)).status == 200) }

      // Ann is the admin: she may set it although she no longer subscribes; bob may not.
      let keep = APIRoute.podcast.path(podcast.id)
      #expect(try await ann.request("PATCH", keep, json: #"{"keepLatest":2}"#).status == 200)
      #expect(try await bob.request("PATCH", keep, json: #"{"keepLatest":2}"#).status == 404)
    }
  }

  @Test func anEpisodeOverTheSizeLimitFailsAndLeavesNoFile() async throws {
    let site = try await FeedFixtureSite()
    let big = Data((0..<(1 << 20) + 1).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try big.write(to: URL(fileURLWithPath: "\(site.directory)/ep1.mp3"))
    try site.write("show.xml", FixtureFeeds.rss(episodes: 1, enclosures: site.url("/feeds")))
    try await PodcastServer.with("sqlite", Self.downloading(maxEpisodeMegabytes: 1)) { server, ann in
      let made = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/show.xml"))"}"#)
      let podcast = try made.json(PodcastInfo.self)
      let items = try await Self.episodes(ann, podcast.id) { $0.first?.download == "failed" }
      #expect(items.first?.download == "failed" && items.first?.streamUrl == nil)
      // Why, for the web app to say.
      #expect(items.first?.downloadError?.isEmpty == false, "\(String(describing: items.first?.downloadError))")
      let partial = "\(server.dataDirectory)/episodes/.partial"
      #expect(try FileManager.default.contentsOfDirectory(atPath: partial).isEmpty)
    }
  }

  @Test func theSizeLimitIsAFlag() throws {
    guard case .serve(let set) = try CommandLineArguments.parse(["serve", "--max-episode-mb", "64"], environment: [:]),
      case .serve(let defaults) = try CommandLineArguments.parse(["serve"], environment: [:])
    else {
      Issue.record("not a serve command")
      return
    }
    #expect(set.maxEpisodeMegabytes == 64 && defaults.maxEpisodeMegabytes == 1_024)
    #expect(throws: UsageError.self) {
      try CommandLineArguments.parse(["serve", "--max-episode-mb", "0"], environment: [:])
    }
  }
}
