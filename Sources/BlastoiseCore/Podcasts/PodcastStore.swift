import BlastoiseProtocol

/// A podcast feed as the server keeps it: one row per feed URL, shared by everyone subscribed to
/// it (subscriptions stay per person, in `PodcastSubscriptionStore`). Times are ms since 1970.
public struct PodcastFeed: Sendable, Equatable {
  public var id: String
  public var url: String
  public var title: String?
  public var author: String?
  public var description: String?
  public var imageURL: String?
  public var link: String?
  /// The validators of the last full answer, sent back so an unchanged feed answers 304.
  public var etag: String?
  public var lastModified: String?
  public var lastCheckedAt: Int64?
  public var lastError: String?
  public var failures: Int
  public var nextCheckAt: Int64
  /// How often this feed is fetched (minutes); nil: the server's `--podcast-refresh-minutes`.
  public var refreshMinutes: Int?
  /// Its picture as a cover of the server's (`PodcastArtwork`), and the address it came from.
  public var coverID: String?
  public var coverURL: String?

  public init(
    id: String, url: String, title: String? = nil, author: String? = nil, description: String? = nil,
    imageURL: String? = nil, link: String? = nil, etag: String? = nil, lastModified: String? = nil,
    lastCheckedAt: Int64? = nil, lastError: String? = nil, failures: Int = 0, nextCheckAt: Int64,
    refreshMinutes: Int? = nil, coverID: String? = nil, coverURL: String? = nil
  ) {
    self.id = id
    self.url = url
    self.title = title
    self.author = author
    self.description = description
    self.imageURL = imageURL
    self.link = link
    self.etag = etag
    self.lastModified = lastModified
    self.lastCheckedAt = lastCheckedAt
    self.lastError = lastError
    self.failures = failures
    self.nextCheckAt = nextCheckAt
    self.refreshMinutes = refreshMinutes
    self.coverID = coverID
    self.coverURL = coverURL
  }
}

/// What a successful fetch read from the feed: its own fields and its episodes (those with an
/// enclosure; the guid already falls back to the enclosure URL).
public struct PodcastFeedContent: Sendable, Equatable {
  public var title: String?
  public var author: String?
  public var description: String?
  public var imageURL: String?
  public var link: String?
  public var etag: String?
  public var lastModified: String?
  public var episodes: [PodcastEpisode]
  /// The feed's new address when its publisher moved it (`FeedMove`): the store keeps the feed,
  /// and everyone's subscription, under that address from now on.
  public var movedTo: String?

  public init(
    title: String? = nil, author: String? = nil, description: String? = nil, imageURL: String? = nil,
    link: String? = nil, etag: String? = nil, lastModified: String? = nil, episodes: [PodcastEpisode] = [],
    movedTo: String? = nil
  ) {
    self.title = title
    self.author = author
    self.description = description
    self.imageURL = imageURL
    self.link = link
    self.etag = etag
    self.lastModified = lastModified
    self.episodes = episodes
    self.movedTo = movedTo
  }
}

/// How one fetch of a feed ended, as stored.
public enum PodcastFetchOutcome: Sendable, Equatable {
  /// A full answer: the feed's fields are replaced and its episodes stored (by guid: a re-fetch
  /// updates an episode, never adds it twice; episodes gone from the feed are kept).
  case fetched(PodcastFeedContent)
  /// 304: only the times move.
  case notModified
  /// The error is stored for people to see; `failures` counts up.
  case failed(String)
}

/// Podcast feeds and their episodes, shared by every node on one database.
public protocol PodcastStore: Sendable {
  /// The feed row for `url`, made (with `newID`, due at `now`) when there is none.
  func feed(url: String, newID: String, now: Int64) async throws -> PodcastFeed
  func feed(id: String) async throws -> PodcastFeed?
  func feed(url: String) async throws -> PodcastFeed?
  /// Feed rows (due at `now`) for subscribed URLs that have none yet, such as those a gPodder
  /// client subscribed to; answers how many were made.
  func addMissingFeeds(now: Int64, newID: @Sendable () -> String) async throws -> Int
  /// Takes up to `limit` feeds that someone subscribes to and that are due at `now`, the most
  /// overdue first, and moves their next check to `until` so that no other node takes them
  /// meanwhile (on PostgreSQL without waiting for one that is taking them: SKIP LOCKED).
  func claimDue(now: Int64, until: Int64, limit: Int) async throws -> [PodcastFeed]
  /// Stores how a fetch ended at `now`, and when to check next. `failures` is the count after it.
  func record(_ outcome: PodcastFetchOutcome, feedID: String, now: Int64, failures: Int, nextCheckAt: Int64)
    async throws
  /// Sets how often the feed is fetched (nil: the server's default) and when it is next.
  func setRefresh(minutes: Int?, nextCheckAt: Int64, feedID: String) async throws
  /// Keeps the feed's picture: the cover made of it and the address it came from.
  func setCover(id: String, url: String, feedID: String) async throws
  /// One episode of the feed by its guid.
  func episode(feedID: String, guid: String) async throws -> PodcastEpisode?
  /// The person's subscribed feeds that have a row, with episode counts and how many of those
  /// they have not finished (by `listening_progress`); only `feedID` when given.
  func subscribed(userID: Int, feedID: String?) async throws -> [PodcastInfo]
  /// One page of the feed's episodes, newest first (undated last), and how many there are.
  func episodes(feedID: String, limit: Int, offset: Int) async throws -> (total: Int, episodes: [PodcastEpisode])
  /// The episodes with these enclosure URLs in feeds the person subscribes to, each with its
  /// podcast (for a URL two feeds share, the first feed by ID), without progress or download.
  func episodes(enclosureURLs: [String], userID: Int) async throws -> [ProgressEpisode]
}
