import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `PodcastDownloadStore` must do: a feed's `keepLatest` (3 unless set, 0
/// once nobody subscribes),
/// downloads queued once per episode, claimed by one node at a time under a lease, finished only
/// by the node holding it, a person's request re-queuing a failed one, track IDs resolving to
/// files, and everyone's progress read for retention.
@Suite struct PodcastDownloadStoreContract {
  private let url = "https://feeds.example/show.xml"

  private static func episode(_ guid: String, at published: Int64) -> PodcastEpisode {
    PodcastEpisode(
      guid: guid, title: "Episode \(guid)", publishedAt: published, duration: 1_800,
      url: "https://cdn.example/\(guid).mp3", type: "audio/mpeg")
  }

  /// A feed ann subscribes to, with episodes a (oldest), b and c.
  private func feed(in storage: any Storage) async throws -> (feedID: String, ann: Int) {
    let ann = try await Fixture.user("ann", in: storage)
    try await storage.podcastSubscriptions.change(userID: ann.id, add: [url], remove: [], now: 1_000)
    let feed = try await storage.podcasts.feed(url: url, newID: "f1", now: 1_000)
    let content = PodcastFeedContent(
      title: "Show", episodes: [Self.episode("a", at: 1), Self.episode("b", at: 2), Self.episode("c", at: 3)])
    try await storage.podcasts.record(.fetched(content), feedID: feed.id, now: 2_000, failures: 0, nextCheckAt: 9_000)
    return (feed.id, ann.id)
  }

  @Test(arguments: StoreBackends.all)
  func keepLatestIsThreeUntilSetAndNoneOnceNobodySubscribes(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let (feedID, ann) = try await feed(in: storage)
      let downloads = storage.podcastDownloads
      _ = try await storage.podcasts.feed(url: "https://feeds.example/nobody.xml", newID: "f2", now: 1_000)
      #expect(try await downloads.retained() == [PodcastKeep(feedID: feedID, keepLatest: 3)])
      #expect(try await storage.podcasts.subscribed(userID: ann, feedID: feedID).first?.keepLatest == 3)
      try await downloads.setKeepLatest(1, feedID: feedID)
      #expect(try await downloads.retained() == [PodcastKeep(feedID: feedID, keepLatest: 1)])
      #expect(try await storage.podcasts.subscribed(userID: ann, feedID: feedID).first?.keepLatest == 1)

      // Unsubscribed, its downloads are still looked after, as keeping none.
      try await downloads.queue(feedID: feedID, guids: ["c"], now: 3_000)
      try await storage.podcastSubscriptions.change(userID: ann, add: [], remove: [url], now: 4_000)
      #expect(try await downloads.retained() == [PodcastKeep(feedID: feedID, keepLatest: 0)])
      _ = try await downloads.remove(feedID: feedID, guid: "c")
      #expect(try await downloads.retained().isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aDownloadIsClaimedOnceUnderALeaseAndFinishedByItsOwner(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let (feedID, _) = try await feed(in: storage)
      let downloads = storage.podcastDownloads
      try await downloads.queue(feedID: feedID, guids: ["c", "b"], now: 3_000)
      try await downloads.queue(feedID: feedID, guids: ["c"], now: 3_500)
      #expect(try await downloads.downloads(feedID: feedID).map(\.state) == [.queued, .queued])

      let first = try await downloads.claim(owner: "node-1", now: 4_000, until: 10_000, limit: 1)
      #expect(first.count == 1 && first[0].state == .downloading && first[0].url.hasPrefix("https://cdn.example/"))
      #expect(first[0].type == "audio/mpeg")
      let second = try await downloads.claim(owner: "node-2", now: 4_000, until: 10_000, limit: 5)
      #expect(second.count == 1 && second[0].guid != first[0].guid)
      #expect(try await downloads.claim(owner: "node-3", now: 5_000, until: 10_000, limit: 5).isEmpty)

      let id = "sha256:" + String(repeating: "ab", count: 32)
      #expect(
        try await !downloads.finish(
          feedID: feedID, guid: first[0].guid, owner: "node-2", trackID: id, path: "episodes/ab/x.mp3", bytes: 10,
          now: 6_000))
      #expect(
        try await downloads.finish(
          feedID: feedID, guid: first[0].guid, owner: "node-1", trackID: id, path: "episodes/ab/x.mp3", bytes: 10,
          now: 6_000))
      #expect(try await downloads.filePath(trackID: id) == "episodes/ab/x.mp3")
      #expect(
        try await downloads.downloadedEpisode(trackID: id)
          == DownloadedEpisode(
            feedURL: url, podcastTitle: "Show", guid: first[0].guid, url: "https://cdn.example/\(first[0].guid).mp3",
            title: "Episode \(first[0].guid)", duration: 1_800, path: "episodes/ab/x.mp3"))
      #expect(try await downloads.downloadedEpisode(trackID: "sha256:" + String(repeating: "0", count: 64)) == nil)

      // node-2 died: once its lease ends, another node takes the download again.
      let retaken = try await downloads.claim(owner: "node-3", now: 10_000, until: 20_000, limit: 5)
      #expect(retaken.map(\.guid) == [second[0].guid])
      try await downloads.fail(feedID: feedID, guid: second[0].guid, owner: "node-3", error: "404", now: 11_000)
      let failed = try #require(try await downloads.downloads(feedID: feedID).first { $0.guid == second[0].guid })
      #expect(failed.state == .failed && failed.error == "404")
      #expect(try await downloads.claim(owner: "node-3", now: 12_000, until: 20_000, limit: 5).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aRequestQueuesRetriesAFailureAndIsTakenFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let (feedID, ann) = try await feed(in: storage)
      let downloads = storage.podcastDownloads
      #expect(try await !downloads.request(feedID: feedID, guid: "no-such", userID: ann, now: 3_000))
      try await downloads.queue(feedID: feedID, guids: ["c"], now: 3_000)
      #expect(try await downloads.request(feedID: feedID, guid: "a", userID: ann, now: 4_000))
      let taken = try await downloads.claim(owner: "n", now: 5_000, until: 9_000, limit: 1)
      #expect(taken.map(\.guid) == ["a"] && taken[0].requestedAt == 4_000 && taken[0].requestedBy == ann)
      try await downloads.fail(feedID: feedID, guid: "a", owner: "n", error: "timed out", now: 6_000)
      #expect(try await downloads.request(feedID: feedID, guid: "a", userID: ann, now: 7_000))
      let again = try #require(try await downloads.downloads(feedID: feedID).first { $0.guid == "a" })
      #expect(again.state == .queued && again.error == nil && again.requestedAt == 7_000)
    }
  }

  @Test(arguments: StoreBackends.all)
  func removingASharedFileKeepsItUntilTheLastDownloadGoes(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let (feedID, _) = try await feed(in: storage)
      let downloads = storage.podcastDownloads
      try await downloads.queue(feedID: feedID, guids: ["a", "b"], now: 3_000)
      let id = "sha256:" + String(repeating: "cd", count: 32)
      for job in try await downloads.claim(owner: "n", now: 4_000, until: 9_000, limit: 5) {
        _ = try await downloads.finish(
          feedID: feedID, guid: job.guid, owner: "n", trackID: id, path: "episodes/cd/same.mp3", bytes: 5, now: 5_000)
      }
      #expect(try await downloads.remove(feedID: feedID, guid: "a") == nil)
      #expect(try await downloads.remove(feedID: feedID, guid: "b") == "episodes/cd/same.mp3")
      #expect(try await downloads.downloads(feedID: feedID).isEmpty)
      #expect(try await downloads.filePath(trackID: id) == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func everyonesProgressIsReadForRetention(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let (_, ann) = try await feed(in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      _ = try await storage.progress.report(
        ProgressReport(position: 90, duration: 1_800), kind: .episodes, id: "https://cdn.example/a.mp3",
        userID: ann, now: 3_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 1_800, duration: 1_800, finished: true), kind: .episodes,
        id: "https://cdn.example/a.mp3", userID: bob.id, now: 3_000)
      let heard = try await storage.podcastDownloads.listening(urls: ["https://cdn.example/a.mp3"])
        .sorted { $0.userID < $1.userID }
      #expect(
        heard == [
          PodcastListening(userID: ann, url: "https://cdn.example/a.mp3", position: 90, finished: false),
          PodcastListening(userID: bob.id, url: "https://cdn.example/a.mp3", position: 1_800, finished: true),
        ])
    }
  }
}
