import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `PodcastStore` must do: one feed row per URL whoever subscribes, episodes
/// by guid (a re-fetch updates, never duplicates), the person's list with unplayed counts from
/// their progress, and due feeds claimed by one refresher at a time.
@Suite struct PodcastStoreContract {
  private let url = "https://feeds.example/show.xml"

  private static func episode(_ guid: String, title: String, at published: Int64?) -> PodcastEpisode {
    PodcastEpisode(
      guid: guid, title: title, publishedAt: published, duration: 1_800, url: "https://cdn.example/\(guid).mp3",
      type: "audio/mpeg", length: 1_000, description: "About \(title)")
  }

  @Test(arguments: StoreBackends.all)
  func aFeedIsOneRowAndAReFetchUpdatesItsEpisodes(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let made = try await storage.podcasts.feed(url: url, newID: "feed-one", now: 1_000)
      #expect(made.id == "feed-one" && made.nextCheckAt == 1_000 && made.failures == 0)
      #expect(try await storage.podcasts.feed(url: url, newID: "feed-two", now: 2_000).id == "feed-one")

      let first = PodcastFeedContent(
        title: "Show", author: "Ann", etag: "\"v1\"", lastModified: "Mon, 01 Dec 2025 10:00:00 GMT",
        episodes: [Self.episode("a", title: "A", at: 10_000), Self.episode("b", title: "B", at: 20_000)])
      try await storage.podcasts.record(.fetched(first), feedID: made.id, now: 3_000, failures: 0, nextCheckAt: 9_000)
      let again = PodcastFeedContent(
        title: "Show (renamed)", etag: "\"v2\"",
        episodes: [
          Self.episode("b", title: "B, fixed", at: 20_000), Self.episode("c", title: "C", at: 30_000),
          Self.episode("undated", title: "U", at: nil),
        ])
      try await storage.podcasts.record(.fetched(again), feedID: made.id, now: 4_000, failures: 0, nextCheckAt: 9_000)

      let stored = try #require(try await storage.podcasts.feed(id: made.id))
      #expect(stored.title == "Show (renamed)" && stored.etag == "\"v2\"" && stored.lastModified == nil)
      #expect(stored.lastCheckedAt == 4_000 && stored.nextCheckAt == 9_000)
      let page = try await storage.podcasts.episodes(feedID: made.id, limit: 10, offset: 0)
      #expect(page.total == 4)
      #expect(page.episodes.map(\.guid) == ["c", "b", "a", "undated"])
      #expect(page.episodes[1].title == "B, fixed" && page.episodes[1].duration == 1_800)
      #expect(page.episodes[1] == Self.episode("b", title: "B, fixed", at: 20_000))
      let second = try await storage.podcasts.episodes(feedID: made.id, limit: 2, offset: 2)
      #expect(second.total == 4 && second.episodes.map(\.guid) == ["a", "undated"])

      // Its own refresh interval, and back to the default.
      try await storage.podcasts.setRefresh(minutes: 240, nextCheckAt: 12_000, feedID: made.id)
      let own = try await storage.podcasts.feed(id: made.id)
      #expect(own?.refreshMinutes == 240 && own?.nextCheckAt == 12_000 && own?.title == "Show (renamed)")
      try await storage.podcasts.setRefresh(minutes: nil, nextCheckAt: 9_000, feedID: made.id)
      #expect(try await storage.podcasts.feed(id: made.id)?.refreshMinutes == nil)

      // Its picture as a cover, and one episode by its guid.
      try await storage.podcasts.setCover(id: "cover-1", url: "https://a.example/c.png", feedID: made.id)
      let pictured = try await storage.podcasts.feed(id: made.id)
      #expect(pictured?.coverID == "cover-1" && pictured?.coverURL == "https://a.example/c.png")
      #expect(
        try await storage.podcasts.episode(feedID: made.id, guid: "b")
          == Self.episode("b", title: "B, fixed", at: 20_000))
      #expect(try await storage.podcasts.episode(feedID: made.id, guid: "nothing") == nil)
      #expect(try await storage.podcasts.episode(feedID: "other", guid: "b") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func failuresAreStoredAndA304ClearsThem(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let feed = try await storage.podcasts.feed(url: url, newID: "f", now: 1_000)
      try await storage.podcasts.record(
        .failed("The answer is not a feed"), feedID: feed.id, now: 2_000, failures: 3, nextCheckAt: 50_000)
      var stored = try #require(try await storage.podcasts.feed(id: feed.id))
      #expect(stored.lastError == "The answer is not a feed" && stored.failures == 3 && stored.nextCheckAt == 50_000)
      try await storage.podcasts.record(.notModified, feedID: feed.id, now: 60_000, failures: 0, nextCheckAt: 70_000)
      stored = try #require(try await storage.podcasts.feed(id: feed.id))
      #expect(stored.lastError == nil && stored.failures == 0 && stored.lastCheckedAt == 60_000)
    }
  }

  @Test(arguments: StoreBackends.all)
  func eachPersonSeesTheirSubscriptionsWithWhatTheyHaveNotFinished(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      try await storage.podcastSubscriptions.change(userID: ann.id, add: [url], remove: [], now: 1_000)
      #expect(try await storage.podcasts.subscribed(userID: ann.id, feedID: nil).isEmpty)  // no feed row yet
      #expect(try await storage.podcasts.addMissingFeeds(now: 1_000, newID: { "from-gpodder" }) == 1)
      #expect(try await storage.podcasts.addMissingFeeds(now: 1_000, newID: { "again" }) == 0)
      let content = PodcastFeedContent(
        title: "Show", episodes: [Self.episode("a", title: "A", at: 1), Self.episode("b", title: "B", at: 2)])
      try await storage.podcasts.record(
        .fetched(content), feedID: "from-gpodder", now: 2_000, failures: 0, nextCheckAt: 5_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 1_799, duration: 1_800, finished: true), kind: .episodes,
        id: "https://cdn.example/a.mp3", userID: ann.id, now: 3_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 10, duration: 1_800), kind: .episodes, id: "https://cdn.example/b.mp3",
        userID: ann.id, now: 3_000)

      // "Continue listening" finds episodes by enclosure URL, only in feeds the person has.
      let found = try await storage.podcasts.episodes(
        enclosureURLs: ["https://cdn.example/b.mp3", "https://cdn.example/none.mp3"], userID: ann.id)
      #expect(found.map(\.episode) == [Self.episode("b", title: "B", at: 2)])
      #expect(found.first?.podcastId == "from-gpodder" && found.first?.podcastTitle == "Show")
      #expect(found.first?.podcastUrl == url)
      #expect(try await storage.podcasts.episodes(enclosureURLs: ["https://cdn.example/b.mp3"], userID: bob.id).isEmpty)

      let list = try await storage.podcasts.subscribed(userID: ann.id, feedID: nil)
      #expect(list.map(\.id) == ["from-gpodder"])
      #expect(list.first?.title == "Show" && list.first?.episodeCount == 2 && list.first?.unplayedCount == 1)
      #expect(try await storage.podcasts.subscribed(userID: bob.id, feedID: nil).isEmpty)
      #expect(try await storage.podcasts.subscribed(userID: ann.id, feedID: "from-gpodder") == list)
      #expect(try await storage.podcasts.subscribed(userID: ann.id, feedID: "other").isEmpty)
      try await storage.podcastSubscriptions.change(userID: ann.id, add: [], remove: [url], now: 4_000)
      #expect(try await storage.podcasts.subscribed(userID: ann.id, feedID: nil).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func dueFeedsWithSubscribersAreClaimedOnceEvenAtOnce(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let urls = (0..<12).map { "https://feeds.example/\($0).xml" }
      try await storage.podcastSubscriptions.change(userID: ann.id, add: urls, remove: [], now: 1_000)
      for (index, url) in urls.enumerated() {
        _ = try await storage.podcasts.feed(url: url, newID: "feed-\(index)", now: 1_000 + Int64(index))
      }
      _ = try await storage.podcasts.feed(url: "https://nobody.example/feed.xml", newID: "orphan", now: 0)
      #expect(try await storage.podcasts.claimDue(now: 500, until: 100_000, limit: 50).isEmpty)

      let claims = try await withHangGuard {
        try await withThrowingTaskGroup(of: [String].self) { group in
          for _ in 0..<4 {
            group.addTask { try await storage.podcasts.claimDue(now: 5_000, until: 100_000, limit: 5).map(\.id) }
          }
          return try await group.reduce(into: [String]()) { $0 += $1 }
        }
      }
      #expect(claims.count == 12 && Set(claims).count == 12)
      #expect(!claims.contains("orphan"))
      #expect(try await storage.podcasts.claimDue(now: 5_000, until: 100_000, limit: 50).isEmpty)
      #expect(try await storage.podcasts.feed(id: "feed-0")?.nextCheckAt == 100_000)
      // The three most overdue (ties by ID, in byte order); in no particular order.
      let next = try await storage.podcasts.claimDue(now: 100_000, until: 200_000, limit: 3).map(\.id)
      #expect(Set(next) == ["feed-0", "feed-1", "feed-10"])
      #expect(next.count == 3)
    }
  }
}
