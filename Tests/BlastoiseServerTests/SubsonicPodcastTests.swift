import BlastoiseProtocol
import BlastoiseSubsonic
import Foundation
import Testing

/// Podcasts through the Subsonic API: a subscription made in the web app is a channel with its
/// episodes, the newest across channels come first, and an episode is found again by its ID.
@Suite struct SubsonicPodcastTests {
  static let statuses: Set = ["new", "downloading", "completed", "error", "skipped", "deleted"]

  @Test func subscriptionsAreChannelsWithTheirEpisodes() async throws {
    let site = try await FeedFixtureSite()
    try site.write("radio.xml", FixtureFeeds.rss())
    try await PodcastServer.with("sqlite") { _, ann in
      let made = try await ann.post(APIRoute.podcasts.path(), #"{"url":"\#(site.url("/feeds/radio.xml"))"}"#)
      let podcast = try made.json(PodcastInfo.self)
      let key = ("apiKey", try await SubsonicRoutesTests.appPassword(ann))

      let answer = try await SubsonicRoutesTests.call(ann, "getPodcasts", [key])
      let channels = (answer["podcasts"] as? [String: Any])?["channel"] as? [[String: Any]] ?? []
      #expect(
        channels.map { $0["title"] as? String } == ["Loopback Radio"] && channels.first?["id"] as? String == podcast.id)
      let episodes = channels.first?["episode"] as? [[String: Any]] ?? []
      #expect(episodes.map { $0["title"] as? String } == ["Episode 3", "Episode 2", "Episode 1"])
      #expect(
        episodes.allSatisfy {
          Self.statuses.contains($0["status"] as? String ?? "") && $0["channelId"] as? String == podcast.id
        })
      let bare = try await SubsonicRoutesTests.call(ann, "getPodcasts", [key, ("includeEpisodes", "false")])
      #expect(((bare["podcasts"] as? [String: Any])?["channel"] as? [[String: Any]])?.first?["episode"] == nil)
      #expect(Self.code(try await SubsonicRoutesTests.call(ann, "getPodcasts", [key, ("id", "000000000000")])) == 70)

      let newest = try await SubsonicRoutesTests.call(ann, "getNewestPodcasts", [key, ("count", "2")])
      let latest = (newest["newestPodcasts"] as? [String: Any])?["episode"] as? [[String: Any]] ?? []
      #expect(latest.map { $0["title"] as? String } == ["Episode 3", "Episode 2"])

      let id = try #require(episodes.last?["id"] as? String)
      let one = try await SubsonicRoutesTests.call(ann, "getPodcastEpisode", [key, ("id", id)])
      #expect((one["podcastEpisode"] as? [String: Any])?["title"] as? String == "Episode 1")
      #expect(
        Self.code(try await SubsonicRoutesTests.call(ann, "getPodcastEpisode", [key, ("id", "pe.nothing.AA")])) == 70)
    }
  }

  @Test func anEpisodesIDSaysItsFeedAndGuid() {
    for guid in ["https://radio.example/ep/1?x=a.b", "tag:example.org,2026:ep-ü", ""] {
      let id = SubsonicPodcasts.episodeID(feedID: "0123456789ab", guid: guid)
      #expect(!id.contains("/") && !id.contains("+") && !id.contains("="))
      let decoded = SubsonicPodcasts.episode(fromID: id)
      #expect(decoded?.feedID == "0123456789ab" && decoded?.guid == guid)
    }
    for bad in ["", "pe", "pe..x", "xx.0123.AA", "pe.0123.***"] {
      #expect(SubsonicPodcasts.episode(fromID: bad) == nil, "\(bad)")
    }
  }

  static func code(_ answer: [String: Any]) -> Int? { SubsonicRoutesTests.errorCode(answer) }
}
