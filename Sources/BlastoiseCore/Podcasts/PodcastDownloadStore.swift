/// Where one episode's download stands.
public enum PodcastDownloadState: String, Sendable, Equatable, CaseIterable {
  case queued, downloading, done, failed
}

/// One episode's download, shared by everyone subscribed to its feed. Times are ms since 1970.
public struct PodcastDownload: Sendable, Equatable {
  public var feedID: String
  public var guid: String
  /// The episode's enclosure, as stored with it.
  public var url: String
  public var type: String?
  public var state: PodcastDownloadState
  /// `sha256:` + the file's hex SHA-256, once done: the ID `/api/tracks/:id` serves it by.
  public var trackID: String?
  /// The file, relative to the data directory, once done.
  public var path: String?
  public var bytes: Int64?
  public var error: String?
  /// When a person last asked for this episode (retention keeps it a while for them).
  public var requestedAt: Int64?
  public var requestedBy: Int?
  public var updatedAt: Int64

  public init(
    feedID: String, guid: String, url: String, type: String? = nil, state: PodcastDownloadState, trackID: String? = nil,
    path: String? = nil,
    bytes: Int64? = nil, error: String? = nil, requestedAt: Int64? = nil, requestedBy: Int? = nil, updatedAt: Int64
  ) {
    self.feedID = feedID
    self.guid = guid
    self.url = url
    self.type = type
    self.state = state
    self.trackID = trackID
    self.path = path
    self.bytes = bytes
    self.error = error
    self.requestedAt = requestedAt
    self.requestedBy = requestedBy
    self.updatedAt = updatedAt
  }
}

/// A feed and how many of its newest episodes stay downloaded.
public struct PodcastKeep: Sendable, Equatable {
  public var feedID: String
  public var keepLatest: Int

  public init(feedID: String, keepLatest: Int) {
    self.feedID = feedID
    self.keepLatest = keepLatest
  }
}

/// A downloaded episode as a room shows and plays it.
public struct DownloadedEpisode: Sendable, Equatable {
  public var feedURL: String
  public var podcastTitle: String?
  public var guid: String
  /// The enclosure URL: what the episode's progress is kept by.
  public var url: String
  public var title: String?
  /// As the feed says (a room measures the file itself).
  public var duration: Double?
  /// The file, relative to the data directory.
  public var path: String

  public init(
    feedURL: String, podcastTitle: String?, guid: String, url: String, title: String?, duration: Double?,
    path: String
  ) {
    self.feedURL = feedURL
    self.podcastTitle = podcastTitle
    self.guid = guid
    self.url = url
    self.title = title
    self.duration = duration
    self.path = path
  }
}

/// Someone's progress in an episode, as retention needs it (any person's, by enclosure URL).
public struct PodcastListening: Sendable, Equatable {
  public var userID: Int
  public var url: String
  public var position: Double
  public var finished: Bool

  public init(userID: Int, url: String, position: Double, finished: Bool) {
    self.userID = userID
    self.url = url
    self.position = position
    self.finished = finished
  }
}

/// Episode downloads and each feed's `keepLatest`, shared by every node on one database.
public protocol PodcastDownloadStore: Sendable {
  /// Sets how many of the newest episodes the feed keeps downloaded (3 until set).
  func setKeepLatest(_ count: Int, feedID: String) async throws
  /// The feeds retention looks after: those someone subscribes to, with their `keepLatest`, and
  /// those nobody does any more that still hold downloads, with 0.
  func retained() async throws -> [PodcastKeep]
  func downloads(feedID: String) async throws -> [PodcastDownload]
  /// Queues the episodes that have no download row yet (a failed one stays failed until asked for).
  func queue(feedID: String, guids: [String], now: Int64) async throws
  /// A person asks for the episode: queued unless it is done or under way, and `requestedAt` set.
  /// False when the feed has no such episode.
  func request(feedID: String, guid: String, userID: Int, now: Int64) async throws -> Bool
  /// Takes up to `limit` queued downloads (and ones whose lease ran out) for `owner` until
  /// `until`, the person-requested first; on PostgreSQL without waiting on another node's claim.
  func claim(owner: String, now: Int64, until: Int64, limit: Int) async throws -> [PodcastDownload]
  /// Stores a finished download, when `owner` still holds it; answers whether it did.
  func finish(
    feedID: String, guid: String, owner: String, trackID: String, path: String, bytes: Int64, now: Int64
  ) async throws -> Bool
  func fail(feedID: String, guid: String, owner: String, error: String, now: Int64) async throws
  /// Forgets the download; answers its path when no other download holds the same file.
  func remove(feedID: String, guid: String) async throws -> String?
  /// The file of a done download with this track ID, relative to the data directory.
  func filePath(trackID: String) async throws -> String?
  /// The episode a done download with this track ID holds, with its feed (a room plays it).
  func downloadedEpisode(trackID: String) async throws -> DownloadedEpisode?
  /// Everyone's progress in the episodes at these enclosure URLs.
  func listening(urls: [String]) async throws -> [PodcastListening]
}
