import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// `getPodcasts`, `getNewestPodcasts` and `getPodcastEpisode` (the `getPodcastEpisode`
/// extension) over the caller's own subscriptions, the ones the web app and gPodder apps share.
struct SubsonicPodcastRoutes: Sendable {
  /// Episodes a channel lists at most, the newest first.
  static let episodesPerChannel = 500
  let podcasts: PodcastService

  var endpoints: [String: SubsonicEndpoint] {
    [
      "getPodcasts": .answer { call in
        let withEpisodes = try call.parameters.bool("includeEpisodes") ?? true
        var feeds = try await podcasts.list(userID: call.caller.userID).podcasts
        if let id = call.parameters.string("id") {
          feeds = feeds.filter { $0.id == id }
          guard !feeds.isEmpty else { throw SubsonicFailure(.notFound, "Not subscribed to that podcast") }
        }
        var channels: [SubsonicElement] = []
        for feed in feeds {
          let episodes = withEpisodes ? try await self.episodes(of: feed, call.caller, Self.episodesPerChannel) : nil
          channels.append(SubsonicPodcasts.channel(feed, episodes: episodes))
        }
        return SubsonicElement("podcasts", children: [.list("channel", channels)])
      },
      "getNewestPodcasts": .answer { call in
        let count = try call.parameters.int("count", in: 0...SubsonicLists.maximumCount) ?? 20
        var newest: [(PodcastEpisode, PodcastInfo)] = []
        for feed in try await podcasts.list(userID: call.caller.userID).podcasts {
          newest += try await episodes(of: feed, call.caller, count).map { ($0, feed) }
        }
        newest.sort { ($0.0.publishedAt ?? 0) > ($1.0.publishedAt ?? 0) }
        return SubsonicElement(
          "newestPodcasts",
          children: [.list("episode", newest.prefix(count).map { SubsonicPodcasts.episode($0.0, feed: $0.1) })])
      },
      "getPodcastEpisode": .answer { call in
        let (episode, feed) = try await Self.episode(try call.parameters.required("id"), podcasts, call.caller)
        return SubsonicPodcasts.episode(episode, feed: feed, name: "podcastEpisode")
      },
    ]
  }

  private func episodes(of feed: PodcastInfo, _ caller: Principal, _ count: Int) async throws -> [PodcastEpisode] {
    try await Self.episodes(of: feed, podcasts, caller, count)
  }

  private static func episodes(of feed: PodcastInfo, _ podcasts: PodcastService, _ caller: Principal, _ count: Int)
    async throws -> [PodcastEpisode]
  {
    guard count > 0 else { return [] }
    return try await podcasts.episodes(id: feed.id, page: PageQuery(limit: count), userID: caller.userID).items
  }

  /// The episode a Subsonic episode ID names, in a podcast the caller subscribes to.
  static func episode(_ id: String, _ podcasts: PodcastService, _ caller: Principal) async throws -> (
    PodcastEpisode, PodcastInfo
  ) {
    guard let (feedID, guid) = SubsonicPodcasts.episode(fromID: id),
      let feed = try await podcasts.list(userID: caller.userID).podcasts.first(where: { $0.id == feedID }),
      let episode = try await episodes(of: feed, podcasts, caller, episodesPerChannel).first(where: { $0.guid == guid })
    else { throw SubsonicFailure(.notFound, "No such podcast episode") }
    return (episode, feed)
  }
}
