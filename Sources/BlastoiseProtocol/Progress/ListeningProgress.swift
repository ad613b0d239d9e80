/// What spoken word progress is kept for; the `:kind` path segment of `/api/progress/:kind/:id`.
public enum ProgressKind: String, Codable, Sendable, CaseIterable {
  /// A podcast episode, by its enclosure URL (the identity gPodder clients use too).
  case episodes
  /// An audiobook, by its ID.
  case books
}

/// Where one person got to in one episode or book (additive; ours). Positions are seconds, as the
/// room's are; times are milliseconds since the epoch.
public struct ListeningProgress: Codable, Sendable, Equatable {
  public var kind: ProgressKind
  public var id: String
  /// Seconds from the start.
  public var position: Double
  /// Seconds, when a client has said how long the item is.
  public var duration: Double?
  public var finished: Bool
  /// When the position was true, as the client that played it said (never later than the
  /// server's clock when it arrived). The newest such time wins.
  public var positionAt: Int64
  /// When the server stored it: what gPodder's `since` counts.
  public var updatedAt: Int64
  /// An episode's podcast feed URL and its guid, when a client said them (gPodder actions carry
  /// them both ways).
  public var feed: String?
  public var guid: String?

  public init(
    kind: ProgressKind, id: String, position: Double, duration: Double? = nil, finished: Bool = false,
    positionAt: Int64, updatedAt: Int64, feed: String? = nil, guid: String? = nil
  ) {
    self.kind = kind
    self.id = id
    self.position = position
    self.duration = duration
    self.finished = finished
    self.positionAt = positionAt
    self.updatedAt = updatedAt
    self.feed = feed
    self.guid = guid
  }
}

/// `PUT /api/progress/:kind/:id`: where the caller got to. `at` is when that position was true
/// (ms since the epoch); without it, when the server receives it. A client that saves late (a
/// backgrounded tab, a phone back online) sends the time it read the position, so its old
/// position cannot move anyone back.
public struct ProgressReport: Codable, Sendable, Equatable {
  public var position: Double
  public var duration: Double?
  /// True marks it finished, false marks it unfinished; absent: finished when less than ten
  /// seconds remain.
  public var finished: Bool?
  public var at: Int64?
  /// An episode's podcast feed URL and guid; absent: as stored.
  public var feed: String?
  public var guid: String?

  public init(
    position: Double, duration: Double? = nil, finished: Bool? = nil, at: Int64? = nil, feed: String? = nil,
    guid: String? = nil
  ) {
    self.position = position
    self.duration = duration
    self.finished = finished
    self.at = at
    self.feed = feed
    self.guid = guid
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case position, duration, finished, at, feed, guid }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    position = try container.decode(Double.self, forKey: .position)
    duration = try container.decodeIfPresent(Double.self, forKey: .duration)
    finished = try container.decodeIfPresent(Bool.self, forKey: .finished)
    at = try container.decodeIfPresent(Int64.self, forKey: .at)
    feed = try container.decodeIfPresent(String.self, forKey: .feed)
    guid = try container.decodeIfPresent(String.self, forKey: .guid)
  }
}

/// `GET /api/progress`: the caller's unfinished episodes and books, the latest heard first
/// ("Continue listening").
public struct ProgressList: Codable, Sendable, Equatable {
  public var progress: [ListeningProgress]
  /// Additive: the episodes among `progress` the server knows (in a feed the person subscribes
  /// to), with their podcast, so a "Continue listening" list can show and play them.
  public var episodes: [ProgressEpisode]?

  public init(progress: [ListeningProgress], episodes: [ProgressEpisode]? = nil) {
    self.progress = progress
    self.episodes = episodes
  }
}

/// An episode in progress with the podcast it belongs to.
public struct ProgressEpisode: Codable, Sendable, Equatable {
  public var podcastId: String
  public var podcastUrl: String
  public var podcastTitle: String?
  public var podcastAuthor: String?
  public var podcastImageUrl: String?
  /// With the person's progress and the server's copy, as in the podcast's episode list.
  public var episode: PodcastEpisode

  public init(
    podcastId: String, podcastUrl: String, podcastTitle: String?, podcastAuthor: String?, podcastImageUrl: String?,
    episode: PodcastEpisode
  ) {
    self.podcastId = podcastId
    self.podcastUrl = podcastUrl
    self.podcastTitle = podcastTitle
    self.podcastAuthor = podcastAuthor
    self.podcastImageUrl = podcastImageUrl
    self.episode = episode
  }
}
