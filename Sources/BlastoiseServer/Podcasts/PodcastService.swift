import BlastoiseCore
import BlastoiseFeeds
import BlastoiseProtocol
import Foundation

/// Podcasts for one person over the stores: their subscriptions are the gPodder list
/// (`PodcastSubscriptionStore`, so a podcast subscribed to here is one in AntennaPod and the
/// reverse), the feeds and episodes are shared rows (`PodcastStore`).
struct PodcastService: Sendable {
  let podcasts: any PodcastStore
  let subscriptions: any PodcastSubscriptionStore
  let progress: any ProgressStore
  let downloads: any PodcastDownloadStore
  let refresher: PodcastRefresher
  let scheduler: PodcastScheduler
  let downloader: PodcastDownloader
  /// Episodes' chapters files, fetched when someone asks.
  let chapterFiles: PodcastChapterReader
  let clock: any WallClock

  /// Subscribes to the feed at `url`. A feed no one has yet is fetched first, and refused
  /// (nothing kept) when it cannot be fetched or is not a feed. Answers the podcast and whether
  /// the subscription is new.
  func subscribe(_ url: String, userID: Int) async throws -> (PodcastInfo, created: Bool) {
    var url = try Self.checked(url)
    let now = clock.milliseconds()
    var existing = try await podcasts.feed(url: url)
    if existing?.lastCheckedAt == nil || existing?.lastError != nil {
      let outcome = await refresher.read(url: url)
      if case .failed(let reason) = outcome {
        if let existing { try await refresher.store(outcome, for: existing) }
        throw CoreError.invalid("Cannot subscribe to \(url.prefix(200)): \(reason)")
      }
      // A feed that moved (a permanent redirect, its new-feed-url) is subscribed where it is now.
      if existing == nil, case .fetched(let content) = outcome, let moved = content.movedTo {
        url = moved
        existing = try await podcasts.feed(url: moved)
      }
      let feed: PodcastFeed
      if let existing {
        feed = existing
      } else {
        feed = try await podcasts.feed(url: url, newID: PodcastID.make(), now: now)
      }
      try await refresher.store(outcome, for: feed)
      url = try await podcasts.feed(id: feed.id)?.url ?? url  // a known feed found moved, too
    }
    let known = try await subscriptions.subscriptions(userID: userID).contains(url)
    if !known {
      try await subscriptions.change(userID: userID, add: [url], remove: [], now: now)
      downloader.wake()  // its newest episodes, now rather than at the next tick
    }
    let feedID = try await podcasts.feed(url: url)?.id ?? ""
    guard let info = try await podcasts.subscribed(userID: userID, feedID: feedID).first else {
      throw CoreError(.conflict, "The subscription was removed meanwhile")
    }
    return (info, !known)
  }

  func unsubscribe(id: String, userID: Int) async throws {
    let feed = try await subscribedFeed(id: id, userID: userID)
    try await subscriptions.change(userID: userID, add: [], remove: [feed.url], now: clock.milliseconds())
  }

  func list(userID: Int) async throws -> PodcastList {
    PodcastList(podcasts: try await podcasts.subscribed(userID: userID, feedID: nil))
  }

  /// One page of episodes, newest first, each with the person's progress and the server's copy.
  func episodes(id: String, page: PageQuery, userID: Int) async throws -> Page<PodcastEpisode> {
    let feed = try await subscribedFeed(id: id, userID: userID)
    let limit = page.limit ?? 50
    let (total, episodes) = try await podcasts.episodes(feedID: feed.id, limit: limit, offset: page.offset)
    let decorated = try await withProgressAndCopies(episodes, feedID: feed.id, userID: userID)
    return Page(items: decorated, total: total, offset: page.offset, limit: limit)
  }

  /// "Continue listening": the episodes among `progress` in feeds the person subscribes to,
  /// with their podcasts, progress and the server's copies.
  func continuing(_ progress: [ListeningProgress], userID: Int) async throws -> [ProgressEpisode] {
    let ids = progress.filter { $0.kind == .episodes }.map(\.id)
    var found = try await podcasts.episodes(enclosureURLs: ids, userID: userID)
    for (feedID, indices) in Dictionary(grouping: found.indices, by: { found[$0].podcastId }) {
      let decorated = try await withProgressAndCopies(indices.map { found[$0].episode }, feedID: feedID, userID: userID)
      for (index, episode) in zip(indices, decorated) { found[index].episode = episode }
    }
    let order = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    return found.sorted { (order[$0.episode.url] ?? 0) < (order[$1.episode.url] ?? 0) }
  }

  /// `episodes` of one feed with the person's progress in each and the server's copy, if any.
  private func withProgressAndCopies(_ episodes: [PodcastEpisode], feedID: String, userID: Int) async throws
    -> [PodcastEpisode]
  {
    var episodes = episodes
    let heard = try await progress.progress(kind: .episodes, ids: episodes.map(\.url), userID: userID)
    let copies = Dictionary(
      try await downloads.downloads(feedID: feedID).map { ($0.guid, $0) }, uniquingKeysWith: { first, _ in first })
    for index in episodes.indices {
      episodes[index].progress = heard[episodes[index].url]
      guard let copy = copies[episodes[index].guid] else { continue }
      episodes[index].download = copy.state.rawValue
      if copy.state == .failed { episodes[index].downloadError = copy.error }
      if copy.state == .done, let trackID = copy.trackID {
        episodes[index].trackId = trackID
        episodes[index].streamUrl = APIRoute.track.path(trackID)
      }
    }
    return episodes
  }

  /// Both settings checked before either is applied, so a request is applied whole or not at all.
  static func check(_ settings: PodcastSettingsRequest) throws(CoreError) {
    if let count = settings.keepLatest, !(0...PodcastRetention.maxKeepLatest).contains(count) {
      throw CoreError.invalid("keepLatest is 0 to \(PodcastRetention.maxKeepLatest)")
    }
    let range = PodcastSchedule.refreshMinutes
    if let minutes = settings.refreshMinutes, minutes != 0, !range.contains(minutes) {
      throw CoreError.invalid("refreshMinutes is \(range.lowerBound) to \(range.upperBound), or 0 for the default")
    }
  }

  /// Sets how many of the feed's newest episodes the server keeps downloaded (a subscriber's
  /// or an admin's call; the downloader applies it at once).
  func setKeepLatest(_ count: Int, id: String, principal: Principal) async throws {
    try Self.check(PodcastSettingsRequest(keepLatest: count))
    try await downloads.setKeepLatest(count, feedID: try await settableFeed(id: id, principal: principal).id)
    downloader.wake()
  }

  /// The chapters of an episode of a podcast the person subscribes to, from its Podcasting 2.0
  /// chapters file (none when it names none); each ends where the next begins, the last at the
  /// episode's end when known.
  func chapters(id: String, guid: String, userID: Int) async throws -> [BookChapter] {
    let feed = try await subscribedFeed(id: id, userID: userID)
    guard let episode = try await podcasts.episode(feedID: feed.id, guid: guid) else {
      throw CoreError(.notFound, "No such episode")
    }
    guard let url = episode.chaptersURL else { return [] }
    let marks = try await chapterFiles.read(url).filter(\.toc)
    return marks.enumerated().map { index, mark in
      let next = index + 1 < marks.count ? marks[index + 1].startTime : nil
      let end = mark.endTime ?? next ?? episode.duration ?? mark.startTime
      return BookChapter(
        title: mark.title ?? "Chapter \(index + 1)", start: mark.startTime, end: max(end, mark.startTime))
    }
  }

  /// Sets how often the feed is fetched (minutes; nil: the server's default), a subscriber's or
  /// an admin's call, as `keepLatest`. The next fetch moves to that long after the last one (at
  /// once when that has passed); a feed failing keeps its backoff.
  func setRefreshMinutes(_ minutes: Int?, id: String, principal: Principal) async throws {
    try Self.check(PodcastSettingsRequest(refreshMinutes: minutes ?? 0))
    let feed = try await settableFeed(id: id, principal: principal)
    var next = feed.nextCheckAt
    if feed.failures == 0, let last = feed.lastCheckedAt {
      next = max(clock.milliseconds(), last + scheduler.refresher.schedule.wait(failures: 0, minutes: minutes))
    }
    try await podcasts.setRefresh(minutes: minutes, nextCheckAt: next, feedID: feed.id)
    scheduler.wake()
  }

  /// A feed the person subscribes to, or any feed for an admin.
  private func settableFeed(id: String, principal: Principal) async throws -> PodcastFeed {
    if Permission.granted(to: principal.role).contains(.administer), PodcastID.isValid(id),
      let any = try await podcasts.feed(id: id)
    {
      return any
    }
    return try await subscribedFeed(id: id, userID: principal.userID)
  }

  /// Queues a download of the episode for the person (kept a while even when old).
  func requestDownload(id: String, guid: String, userID: Int) async throws {
    let feed = try await subscribedFeed(id: id, userID: userID)
    guard try await downloads.request(feedID: feed.id, guid: guid, userID: userID, now: clock.milliseconds()) else {
      throw CoreError(.notFound, "No such episode")
    }
    downloader.wake()
  }

  /// Fetches the feed now (whatever its schedule) and answers it as stored after.
  func refresh(id: String, userID: Int) async throws -> PodcastInfo {
    let feed = try await subscribedFeed(id: id, userID: userID)
    try await refresher.refresh(feed)
    guard let info = try await podcasts.subscribed(userID: userID, feedID: feed.id).first else {
      throw CoreError(.notFound, "Not subscribed to that podcast")
    }
    return info
  }

  /// Subscribes to every feed of an OPML document; the feeds are fetched by the scheduler, which
  /// this wakes (an import of hundreds must not hold the request).
  func importOPML(_ text: String, userID: Int) async throws -> PodcastOPMLResult {
    let entries: [OPMLSubscription]
    do {
      entries = try OPMLParser.parse(Data(text.utf8), maxSubscriptions: GPodderRules.subscriptionLimit)
    } catch {
      throw CoreError.invalid("That is not an OPML document: \(PodcastRefresher.describe(error))")
    }
    var urls: [String] = []
    var refused: [String] = []
    for entry in entries {
      do {
        let url = try Self.checked(entry.feedURL)
        if !urls.contains(url) { urls.append(url) }
      } catch {
        refused.append("\(entry.feedURL.prefix(200)): \(error.message)")
      }
    }
    let known = Set(try await subscriptions.subscriptions(userID: userID))
    let added = urls.filter { !known.contains($0) }
    let now = clock.milliseconds()
    if !added.isEmpty {
      try await subscriptions.change(userID: userID, add: added, remove: [], now: now)
      _ = try await podcasts.addMissingFeeds(now: now, newID: PodcastID.make)
      scheduler.wake()
    }
    return PodcastOPMLResult(added: added.count, alreadySubscribed: urls.count - added.count, refused: refused)
  }

  /// The person's subscriptions as OPML, titled as last fetched.
  func exportOPML(userID: Int) async throws -> String {
    let titles = Dictionary(
      try await podcasts.subscribed(userID: userID, feedID: nil).map { ($0.url, $0) },
      uniquingKeysWith: { first, _ in first })
    let entries = try await subscriptions.subscriptions(userID: userID).map { url in
      OPMLSubscription(title: titles[url]?.title, feedURL: url, siteURL: titles[url]?.link)
    }
    return OPMLWriter.document(title: "Blastoise podcasts", subscriptions: entries)
  }

  /// The feed `id` when the person subscribes to it; 404 otherwise (someone else's podcast is
  /// not theirs to see).
  private func subscribedFeed(id: String, userID: Int) async throws -> PodcastFeed {
    guard PodcastID.isValid(id), try await !podcasts.subscribed(userID: userID, feedID: id).isEmpty,
      let feed = try await podcasts.feed(id: id)
    else { throw CoreError(.notFound, "Not subscribed to that podcast") }
    return feed
  }

  /// The URL gate every fetch meets, and the form gPodder keeps URLs in.
  private static func checked(_ url: String) throws(CoreError) -> String {
    guard let clean = GPodderRules.cleanURL(url) else {
      throw CoreError.invalid("A feed address is an http or https URL")
    }
    return try OutboundURLPolicy.check(clean).url
  }
}
