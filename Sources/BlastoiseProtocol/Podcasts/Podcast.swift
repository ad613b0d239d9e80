/// A podcast the caller subscribes to (additive; ours): the feed as last fetched, how fetching
/// it goes, and how many of its episodes the caller has not finished. Times are milliseconds
/// since the epoch.
public struct PodcastInfo: Codable, Sendable, Equatable {
  public var id: String
  /// The feed URL subscribed to (gPodder clients know the podcast by it).
  public var url: String
  public var title: String?
  public var author: String?
  /// Plain text (HTML in the feed is reduced to its text).
  public var description: String?
  public var imageURL: String?
  public var link: String?
  /// The last fetch, successful or not; absent until the first.
  public var lastCheckedAt: Int64?
  /// Why the last fetch failed; absent after a successful one.
  public var lastError: String?
  /// Fetches that failed in a row (the wait before the next one doubles with each).
  public var failures: Int
  public var nextCheckAt: Int64
  public var episodeCount: Int
  /// Episodes the caller has not finished.
  public var unplayedCount: Int
  /// Additive: how many of the newest episodes the server keeps downloaded.
  public var keepLatest: Int?
  /// Additive: how often the server fetches the feed (minutes), when it has its own interval;
  /// absent: the server's default.
  public var refreshMinutes: Int?
  /// Additive: the feed's picture as the server keeps it (`/api/covers/:id`), once fetched.
  public var coverId: String?

  public init(
    id: String, url: String, title: String? = nil, author: String? = nil, description: String? = nil,
    imageURL: String? = nil, link: String? = nil, lastCheckedAt: Int64? = nil, lastError: String? = nil,
    failures: Int = 0, nextCheckAt: Int64, episodeCount: Int = 0, unplayedCount: Int = 0,
    keepLatest: Int? = nil, refreshMinutes: Int? = nil, coverId: String? = nil
  ) {
    self.id = id
    self.url = url
    self.title = title
    self.author = author
    self.description = description
    self.imageURL = imageURL
    self.link = link
    self.lastCheckedAt = lastCheckedAt
    self.lastError = lastError
    self.failures = failures
    self.nextCheckAt = nextCheckAt
    self.episodeCount = episodeCount
    self.unplayedCount = unplayedCount
    self.keepLatest = keepLatest
    self.refreshMinutes = refreshMinutes
    self.coverId = coverId
  }
}

/// `GET /api/podcasts`: the caller's podcasts, by title.
public struct PodcastList: Codable, Sendable, Equatable {
  public var podcasts: [PodcastInfo]

  public init(podcasts: [PodcastInfo]) { self.podcasts = podcasts }
}

/// One episode of a podcast, with the caller's progress in it (keyed, as everywhere, by its
/// enclosure URL).
public struct PodcastEpisode: Codable, Sendable, Equatable {
  /// The item's guid (when the feed gives none: its enclosure URL); unique within the podcast.
  public var guid: String
  public var title: String?
  public var publishedAt: Int64?
  /// Seconds, as the feed says.
  public var duration: Double?
  /// The enclosure: the audio file's URL, its MIME type and length in bytes as the feed says.
  public var url: String
  public var type: String?
  public var length: Int64?
  /// Plain text.
  public var description: String?
  /// Podcasting 2.0 chapters JSON.
  public var chaptersURL: String?
  public var imageURL: String?
  public var progress: ListeningProgress?
  /// Additive: the server's copy — "queued", "downloading", "done" or "failed"; absent when none.
  public var download: String?
  /// Additive, when the download failed: why, in words (shown beside "Download failed").
  public var downloadError: String?
  /// Additive, once downloaded: the copy's track ID and where it streams (`/api/tracks/:id`).
  public var trackId: String?
  public var streamUrl: String?

  public init(
    guid: String, title: String? = nil, publishedAt: Int64? = nil, duration: Double? = nil, url: String,
    type: String? = nil, length: Int64? = nil, description: String? = nil, chaptersURL: String? = nil,
    imageURL: String? = nil, progress: ListeningProgress? = nil, download: String? = nil,
    downloadError: String? = nil, trackId: String? = nil, streamUrl: String? = nil
  ) {
    self.guid = guid
    self.title = title
    self.publishedAt = publishedAt
    self.duration = duration
    self.url = url
    self.type = type
    self.length = length
    self.description = description
    self.chaptersURL = chaptersURL
    self.imageURL = imageURL
    self.progress = progress
    self.download = download
    self.downloadError = downloadError
    self.trackId = trackId
    self.streamUrl = streamUrl
  }
}

/// `PATCH /api/podcasts/:id`: how many of the newest episodes the server keeps downloaded, and
/// (additive) how often it fetches the feed: minutes, or `0` for the server's default. Either or
/// both.
public struct PodcastSettingsRequest: Codable, Sendable, Equatable {
  public var keepLatest: Int?
  public var refreshMinutes: Int?

  public init(keepLatest: Int? = nil, refreshMinutes: Int? = nil) {
    self.keepLatest = keepLatest
    self.refreshMinutes = refreshMinutes
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case keepLatest, refreshMinutes }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    keepLatest = try container.decodeIfPresent(Int.self, forKey: .keepLatest)
    refreshMinutes = try container.decodeIfPresent(Int.self, forKey: .refreshMinutes)
  }
}

/// `POST /api/podcasts`: subscribe to the feed at `url`.
public struct PodcastSubscribeRequest: Codable, Sendable, Equatable {
  public var url: String

  public init(url: String) { self.url = url }

  enum CodingKeys: String, CodingKey, CaseIterable { case url }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    url = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .url)
  }
}

/// `POST /api/podcasts/opml`: an OPML document's text, whose feeds the caller subscribes to.
public struct PodcastOPMLImport: Codable, Sendable, Equatable {
  public var opml: String

  public init(opml: String) { self.opml = opml }

  enum CodingKeys: String, CodingKey, CaseIterable { case opml }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    opml = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .opml)
  }
}

/// What an OPML import did: feeds newly subscribed to, ones already subscribed, and entries
/// refused (not an http(s) URL), each with its reason.
public struct PodcastOPMLResult: Codable, Sendable, Equatable {
  public var added: Int
  public var alreadySubscribed: Int
  public var refused: [String]

  public init(added: Int, alreadySubscribed: Int, refused: [String]) {
    self.added = added
    self.alreadySubscribed = alreadySubscribed
    self.refused = refused
  }
}

/// `GET /api/podcasts/:id/episodes/:guid/chapters` (additive): the episode's chapters from its
/// Podcasting 2.0 chapters file, fetched by the server, in order; none when it names none.
public struct EpisodeChapters: Codable, Sendable, Equatable {
  public var chapters: [BookChapter]

  public init(chapters: [BookChapter]) { self.chapters = chapters }
}
