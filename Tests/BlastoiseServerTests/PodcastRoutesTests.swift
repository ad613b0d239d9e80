import BlastoiseProtocol
import BlastoiseServer
import BlastoiseTestSupport
import Foundation
import Testing

/// Podcasts through the real server on loopback, on SQLite and on PostgreSQL, with feeds served
/// by a real HTTP server on loopback (`FeedFixtureSite`; the server is told private addresses
/// are fine, as only loopback is at hand).
@Suite struct PodcastRoutesTests {
  static let backends = PodcastServer.backends

  private static func basic(_ user: String) -> [String: String] {
    ["Authorization": "Basic " + Data("\(user):password123".utf8).base64EncodedString()]
  }

  @Test(arguments: backends)
  func subscribeReadEpisodesWithProgressRefreshAndUnsubscribe(backend: String) async throws {
    let site = try await FeedFixtureSite()
    try site.write("radio.xml", FixtureFeeds.rss())
    try site.write("night.xml", FixtureFeeds.atom)
    try await PodcastServer.with(backend) { _, ann in
      let feedURL = site.url("/feeds/radio.xml")
      let made = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(feedURL)"}"#)
      #expect(made.status == 201)
      let podcast = try made.json(PodcastInfo.self)
      #expect(podcast.title == "Loopback Radio" && podcast.author == "Loop Back" && podcast.url == feedURL)
      #expect(podcast.imageURL == "https://radio.example/cover.jpg" && podcast.lastError == nil)
      #expect(podcast.episodeCount == 3 && podcast.unplayedCount == 3)
      #expect(try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(feedURL)"}"#).status == 200)

      let page = try await ann.get(APIRoute.podcastEpisodes.path(podcast.id)).json(Page<PodcastEpisode>.self)
      #expect(page.total == 3 && page.items.map(\.title) == ["Episode 3", "Episode 2", "Episode 1"])
      let newest = try #require(page.items.first)
      #expect(newest.url == "https://cdn.example/ep3.mp3" && newest.duration == 3 * 3600 + 300 && newest.length == 3000)
      #expect(newest.description == "Show notes for episode 3" && newest.progress == nil)

      // Finishing an episode shows on it and in the unplayed count.
      let progress = APIRoute.progressItem.path("episodes", newest.url)
      #expect(try await ann.request("PUT", progress, json: #"{"position":11100,"finished":true}"#).status == 200)
      let heard = try await ann.get(APIRoute.podcastEpisodes.path(podcast.id) + "?limit=1").json(
        Page<PodcastEpisode>.self)
      #expect(heard.items.first?.progress?.finished == true && heard.limit == 1 && heard.total == 3)
      #expect(try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts.first?.unplayedCount == 2)

      // An episode begun is in "Continue listening" with its podcast; a finished one is not.
      let oldest = try #require(page.items.last)
      let begun = APIRoute.progressItem.path("episodes", oldest.url)
      #expect(try await ann.request("PUT", begun, json: #"{"position":95,"duration":3900}"#).status == 200)
      let listening = try await ann.get(APIRoute.progress.path()).json(ProgressList.self)
      #expect(listening.progress.map(\.id) == [oldest.url])
      let continuing = try #require(listening.episodes?.first)
      #expect(listening.episodes?.count == 1 && continuing.podcastId == podcast.id)
      #expect(continuing.podcastTitle == "Loopback Radio" && continuing.podcastUrl == feedURL)
      #expect(continuing.episode.title == "Episode 1" && continuing.episode.progress?.position == 95)

      // Unchanged: a 304. Changed: the new episode added, the retitled one updated, none twice.
      #expect(try await ann.post(APIRoute.podcastRefresh.path(podcast.id)).status == 200)
      #expect(try site.hits("radio.xml") == (full: 1, notModified: 1))
      try site.write("radio.xml", FixtureFeeds.rss(episodes: 4, retitle: [1: "Episode 1 (remastered)"]))
      let refreshed = try await ann.post(APIRoute.podcastRefresh.path(podcast.id)).json(PodcastInfo.self)
      #expect(refreshed.episodeCount == 4 && refreshed.unplayedCount == 3)
      let titles = try await ann.get(APIRoute.podcastEpisodes.path(podcast.id)).json(Page<PodcastEpisode>.self).items
        .map(\.title)
      #expect(titles == ["Episode 4", "Episode 3", "Episode 2", "Episode 1 (remastered)"])

      // Atom too.
      let night = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/gzip/night.xml"))"}"#)
      #expect(night.status == 201)
      #expect(
        try night.json(PodcastInfo.self).title == "Night Reading" && night.json(PodcastInfo.self).episodeCount == 2)

      // The subscriptions are the gPodder ones.
      let synced = try await ann.request("GET", "/subscriptions/ann.json", headers: Self.basic("ann")).json(
        [String].self)
      #expect(Set(synced) == [feedURL, site.url("/gzip/night.xml")])
      #expect(try await ann.request("DELETE", APIRoute.podcast.path(podcast.id)).status == 204)
      let left = try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts.map(\.title)
      #expect(left == ["Night Reading"])
      let after = try await ann.request("GET", "/subscriptions/ann.json", headers: Self.basic("ann")).json(
        [String].self)
      #expect(after == [site.url("/gzip/night.xml")])
      #expect(try await ann.get(APIRoute.podcastEpisodes.path(podcast.id)).status == 404)
    }
  }

  @Test(arguments: backends)
  func whatCannotBeSubscribedToIsA400AndOthersPodcastsAre404(backend: String) async throws {
    let site = try await FeedFixtureSite()
    try site.write("page.xml", "<html><body>not a feed</body></html>")
    try site.write("radio.xml", FixtureFeeds.rss())
    try await PodcastServer.with(backend) { server, ann in
      for (url, reason) in [
        ("ftp://example.com/feed", "A feed address is an http or https URL"),
        (site.url("/feeds/page.xml"), "not an RSS or Atom feed"),
        (site.url("/status/404"), "answered 404"),
        (site.url("/endless/"), "larger than 16 MB"),
      ] {
        let refused = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(url)"}"#)
        #expect(refused.status == 400, "\(url)")
        #expect(refused.errorMessage?.contains(reason) == true, "\(url): \(refused.errorMessage ?? "")")
      }
      #expect(try await ann.post(APIRoute.podcasts.path(), #"{"link":"x"}"#).status == 400)
      #expect(try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts.isEmpty)

      let mine = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/radio.xml"))"}"#)
        .json(PodcastInfo.self)
      let bob = server.client()
      try await bob.signUp("bob")
      #expect(try await bob.get(APIRoute.podcastEpisodes.path(mine.id)).status == 404)
      #expect(try await bob.post(APIRoute.podcastRefresh.path(mine.id)).status == 404)
      #expect(try await bob.request("DELETE", APIRoute.podcast.path(mine.id)).status == 404)
      #expect(try await bob.get(APIRoute.podcastEpisodes.path("nonsense")).status == 404)
      #expect(try await server.client().get(APIRoute.podcasts.path()).status == 401)
    }
  }

  @Test func privateAddressesAreRefusedUnlessAllowed() async throws {
    let site = try await FeedFixtureSite()
    try site.write("radio.xml", FixtureFeeds.rss())
    try await PodcastServer.with("sqlite", { $0.allowPrivateImports = false }) { _, ann in
      let refused = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/radio.xml"))"}"#)
      #expect(refused.status == 400)
      #expect(refused.errorMessage?.contains("127.0.0.1 is a private or local address") == true)
      #expect(try site.hits("radio.xml").full == 0)
    }
  }

  @Test(arguments: backends)
  func aBrokenFeedKeepsItsErrorAndWaitsLongerEachTime(backend: String) async throws {
    let site = try await FeedFixtureSite()
    try site.write("radio.xml", FixtureFeeds.rss())
    try await PodcastServer.with(backend) { _, ann in
      let podcast = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/radio.xml"))"}"#)
        .json(PodcastInfo.self)
      try site.write("radio.xml", "<rss><channel><title>cut off")
      var waits: [Int64] = []
      for expected in 1...3 {
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let broken = try await ann.post(APIRoute.podcastRefresh.path(podcast.id)).json(PodcastInfo.self)
        #expect(broken.failures == expected && broken.lastError?.contains("not well-formed") == true)
        #expect(broken.episodeCount == 3)  // what was read before stays
        waits.append(broken.nextCheckAt - before)
      }
      // 15, 30, 60 minutes, each ±10%.
      let minute: Int64 = 60_000
      #expect(waits[0] > 13 * minute && waits[0] < 17 * minute)
      #expect(waits[1] > 27 * minute && waits[1] < 34 * minute)
      #expect(waits[2] > 54 * minute && waits[2] < 67 * minute)
      try site.write("radio.xml", FixtureFeeds.rss())
      let fixed = try await ann.post(APIRoute.podcastRefresh.path(podcast.id)).json(PodcastInfo.self)
      #expect(fixed.failures == 0 && fixed.lastError == nil)
    }
  }

  /// A feed's picture is fetched through the outbound client and kept as a cover the web app
  /// can show; an episode's Podcasting 2.0 chapters file is fetched when asked for, each chapter
  /// ending where the next begins (those not for the table of contents left out); what is not a
  /// picture or not chapters is refused without harm.
  @Test func aFeedsPictureAndAnEpisodesChaptersAreFetchedByTheServer() async throws {
    let site = try await FeedFixtureSite()
    let png = try await PhotoFixtures.png(at: site.directory + "/cover.png")
    try site.write(
      "ep1.json",
      #"""
      {"version": "1.2.0", "chapters": [
        {"startTime": 0, "title": "Hello"}, {"startTime": 12.5, "title": "Ad", "toc": false},
        {"startTime": 30, "title": "News"}, {"startTime": 95.5}]}
      """#)
    try site.write("broken.json", "{ not json")
    let feed = #"""
      <?xml version="1.0"?>
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
        xmlns:podcast="https://podcastindex.org/namespace/1.0">
      <channel><title>Pictured</title><itunes:image href="\#(site.url("/feeds/cover.png"))"/>
        <item><title>One</title><guid>one</guid><itunes:duration>120</itunes:duration>
          <enclosure url="https://cdn.example/1.mp3" type="audio/mpeg" length="1"/>
          <podcast:chapters url="\#(site.url("/feeds/ep1.json"))" type="application/json+chapters"/></item>
        <item><title>Two</title><guid>two</guid>
          <enclosure url="https://cdn.example/2.mp3" type="audio/mpeg" length="1"/>
          <podcast:chapters url="\#(site.url("/feeds/broken.json"))" type="application/json+chapters"/></item>
        <item><title>Three</title><guid>three</guid>
          <enclosure url="https://cdn.example/3.mp3" type="audio/mpeg" length="1"/></item>
      </channel></rss>
      """#
    try site.write("pictured.xml", feed)
    try site.write("unpictured.xml", feed.replacingOccurrences(of: "cover.png", with: "ep1.json"))
    try await PodcastServer.with("sqlite") { _, ann in
      let podcast = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/pictured.xml"))"}"#)
        .json(PodcastInfo.self)
      let cover = try #require(podcast.coverId)
      let picture = try await ann.get(APIRoute.cover.path(cover))
      #expect(picture.status == 200 && [UInt8](picture.body) == png)
      // Refreshed, the same picture is not fetched again.
      _ = try await ann.post(APIRoute.podcastRefresh.path(podcast.id))
      #expect(try site.hits("cover.png").full == 1)

      let chapters = try await ann.get(APIRoute.podcastEpisodeChapters.path(podcast.id, "one")).json(
        EpisodeChapters.self)
      #expect(chapters.chapters.map(\.title) == ["Hello", "News", "Chapter 3"])
      #expect(chapters.chapters.map(\.start) == [0, 30, 95.5] && chapters.chapters.map(\.end) == [30, 95.5, 120])
      _ = try await ann.get(APIRoute.podcastEpisodeChapters.path(podcast.id, "one"))
      #expect(try site.hits("ep1.json").full == 1, "kept, not fetched again")
      #expect(try await ann.get(APIRoute.podcastEpisodeChapters.path(podcast.id, "two")).status == 503)
      let none = try await ann.get(APIRoute.podcastEpisodeChapters.path(podcast.id, "three")).json(EpisodeChapters.self)
      #expect(none.chapters.isEmpty)
      #expect(try await ann.get(APIRoute.podcastEpisodeChapters.path(podcast.id, "nothing")).status == 404)

      let unpictured = try await ann.post(
        APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/unpictured.xml"))"}"#
      ).json(PodcastInfo.self)
      #expect(unpictured.coverId == nil && unpictured.lastError == nil)
    }
  }

  /// A podcast's own refresh interval: the next fetch moves to that long after the last (and,
  /// with 0, back to the server's hour), the next fetches keep to it, and only its subscribers
  /// set it.
  @Test(arguments: backends)
  func aFeedIsFetchedOnItsOwnIntervalWhenItHasOne(backend: String) async throws {
    let site = try await FeedFixtureSite()
    try site.write("radio.xml", FixtureFeeds.rss())
    try await PodcastServer.with(backend) { server, ann in
      let podcast = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/radio.xml"))"}"#)
        .json(PodcastInfo.self)
      #expect(podcast.refreshMinutes == nil)
      let minute: Int64 = 60_000
      let path = APIRoute.podcast.path(podcast.id)
      func current() async throws -> PodcastInfo {
        try #require(try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts.first)
      }
      #expect(try await ann.request("PATCH", path, json: #"{"refreshMinutes":240}"#).status == 200)
      var stored = try await current()
      let last = try #require(stored.lastCheckedAt)
      #expect(stored.refreshMinutes == 240 && stored.nextCheckAt == last + 240 * minute)
      // A fetch keeps to it, ±10%.
      let fetched = try await ann.post(APIRoute.podcastRefresh.path(podcast.id)).json(PodcastInfo.self)
      let wait = fetched.nextCheckAt - (fetched.lastCheckedAt ?? 0)
      #expect(fetched.refreshMinutes == 240 && wait >= 216 * minute && wait <= 264 * minute)
      #expect(try await ann.request("PATCH", path, json: #"{"refreshMinutes":0,"keepLatest":2}"#).status == 200)
      stored = try await current()
      #expect(stored.refreshMinutes == nil && stored.keepLatest == 2)
      #expect(stored.nextCheckAt == (stored.lastCheckedAt ?? 0) + 60 * minute)
      for body in [#"{"refreshMinutes":4}"#, #"{"refreshMinutes":10081}"#, #"{"refreshMinutes":"60"}"#, "{}"] {
        #expect(try await ann.request("PATCH", path, json: body).status == 400, "\(body)")
      }
      // Applied whole or not at all: a bad keepLatest leaves the interval as it was.
      #expect(try await ann.request("PATCH", path, json: #"{"refreshMinutes":30,"keepLatest":99}"#).status == 400)
      #expect(try await current().refreshMinutes == nil)
      let bob = server.client()
      try await bob.signUp("bob")
      #expect(try await bob.request("PATCH", path, json: #"{"refreshMinutes":30}"#).status == 404)
    }
  }

  /// A feed its publisher moved is kept at its new address: a permanent redirect (301, 308) when
  /// subscribing, a new-feed-url declared later at the next refresh, with everyone's
  /// subscription following and gPodder clients told (old address removed, new one added). A
  /// temporary redirect is followed, never kept.
  @Test(arguments: backends)
  func aMovedFeedIsKeptAtItsNewAddress(backend: String) async throws {
    let site = try await FeedFixtureSite()
    for name in ["new.xml", "old.xml", "temp.xml", "renamed.xml"] { try site.write(name, FixtureFeeds.rss()) }
    try await PodcastServer.with(backend) { _, ann in
      func subscribe(_ url: String) async throws -> PodcastInfo {
        let made = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(url)"}"#)
        #expect(made.status == 201 || made.status == 200)
        return try made.json(PodcastInfo.self)
      }
      let newURL = site.url("/feeds/new.xml")
      #expect(try await subscribe(site.url("/moved?status=301&to=\(newURL)")).url == newURL)
      // The same move again, with the feed already known at its new address: one podcast.
      #expect(try await subscribe(site.url("/moved?status=308&to=\(newURL)")).url == newURL)
      let temporary = site.url("/redirect?to=\(site.url("/feeds/temp.xml"))")
      #expect(try await subscribe(temporary).url == temporary)

      let oldURL = site.url("/feeds/old.xml")
      let old = try await subscribe(oldURL)
      #expect(old.url == oldURL)
      let renamedURL = site.url("/feeds/renamed.xml")
      try site.write("old.xml", FixtureFeeds.rss(newFeedURL: renamedURL))
      #expect(try await ann.post(APIRoute.podcastRefresh.path(old.id), "{}").status == 200)
      let podcasts = try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts
      #expect(podcasts.map(\.url).sorted() == [temporary, newURL, renamedURL].sorted())
      #expect(podcasts.first { $0.url == renamedURL }?.id == old.id)

      let changes = try await ann.request(
        "GET", "/api/2/subscriptions/ann/phone.json?since=0", headers: Self.basic("ann"))
      let lists = try #require(try JSONSerialization.jsonObject(with: Data(changes.text.utf8)) as? [String: Any])
      #expect((lists["add"] as? [String])?.contains(renamedURL) == true)
      #expect((lists["add"] as? [String])?.contains(oldURL) == false)
      #expect((lists["remove"] as? [String]) == [oldURL])
    }
  }

  @Test(arguments: backends)
  func gPodderSubscriptionsAndOPMLImportsAreFetchedByTheScheduler(backend: String) async throws {
    let site = try await FeedFixtureSite()
    for name in ["a.xml", "b.xml", "c.xml"] { try site.write(name, FixtureFeeds.rss(title: "Show \(name.prefix(1))")) }
    try await PodcastServer.with(backend, { $0.podcastCheckSeconds = 1 }) { _, ann in
      let upload = #"{"add":["\#(site.url("/feeds/a.xml"))"],"remove":[]}"#
      let uploaded = try await ann.request(
        "POST", "/api/2/subscriptions/ann/phone.json", json: upload, headers: Self.basic("ann"))
      #expect(uploaded.status == 200)
      let opml = OPMLDocument.text([site.url("/feeds/b.xml"), site.url("/feeds/c.xml"), "javascript:alert(1)"])
      let imported = try await ann.post(
        APIRoute.podcastsOPML.path(),
        String(decoding: try JSONEncoder().encode(PodcastOPMLImport(opml: opml)), as: UTF8.self))
      #expect(imported.status == 200)
      let result = try imported.json(PodcastOPMLResult.self)
      #expect(result.added == 2 && result.alreadySubscribed == 0 && result.refused.count == 1)

      // A hang guard, not a speed claim: the scheduler's first round comes within a second.
      let deadline = ContinuousClock.now + .seconds(120)
      var titles: [String?] = []
      while ContinuousClock.now < deadline {
        let podcasts = try await ann.get(APIRoute.podcasts.path()).json(PodcastList.self).podcasts
        if podcasts.count == 3, podcasts.allSatisfy({ $0.lastCheckedAt != nil }) {
          titles = podcasts.map(\.title)
          break
        }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(titles == ["Show a", "Show b", "Show c"])
      let exported = try await ann.get(APIRoute.podcastsOPML.path())
      #expect(exported.header("Content-Type")?.hasPrefix("text/x-opml") == true)
      #expect(exported.text.contains(#"text="Show b""#) && exported.text.contains(site.url("/feeds/c.xml")))
      for name in ["a.xml", "b.xml", "c.xml"] { #expect(try site.hits(name).full == 1) }
    }
  }
}

/// An OPML document naming `urls`.
enum OPMLDocument {
  static func text(_ urls: [String]) -> String {
    let outlines = urls.map {
      #"<outline type="rss" text="x" xmlUrl="\#($0.replacingOccurrences(of: "&", with: "&amp;"))"/>"#
    }
    return
      #"<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>\#(outlines.joined())</body></opml>"#
  }
}
