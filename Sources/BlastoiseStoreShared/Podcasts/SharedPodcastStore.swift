import BlastoiseCore
import BlastoiseProtocol

/// `PodcastStore` for either backend, its SQL written once.
public struct SharedPodcastStore<Access: StoreAccess>: PodcastStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func feed(url: String, newID: String, now: Int64) async throws -> PodcastFeed {
    try await access.write { connection in
      try Self.insert(url: url, id: newID, now: now, connection)
      guard
        let feed = try connection.queryOne("SELECT * FROM podcast_feeds WHERE url = $1", .text(url)).flatMap(
          PodcastFeed.init(row:))
      else { throw CoreError(.conflict, "That feed could not be stored") }
      return feed
    }
  }

  public func feed(id: String) async throws -> PodcastFeed? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM podcast_feeds WHERE id = $1", .text(id)).flatMap(PodcastFeed.init(row:))
    }
  }

  public func feed(url: String) async throws -> PodcastFeed? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM podcast_feeds WHERE url = $1", .text(url)).flatMap(PodcastFeed.init(row:))
    }
  }

  public func addMissingFeeds(now: Int64, newID: @Sendable () -> String) async throws -> Int {
    let missing = try await access.read { connection in
      try connection.query(
        """
        SELECT DISTINCT s.url FROM podcast_subscriptions s
        WHERE s.subscribed = 1 AND NOT EXISTS (SELECT 1 FROM podcast_feeds f WHERE f.url = s.url)
        """
      ).compactMap { $0.string("url") }
    }
    guard !missing.isEmpty else { return 0 }
    let made = missing.map { ($0, newID()) }
    return try await access.write { connection in
      try made.reduce(0) { count, entry in count + (try Self.insert(url: entry.0, id: entry.1, now: now, connection)) }
    }
  }

  public func claimDue(now: Int64, until: Int64, limit: Int) async throws -> [PodcastFeed] {
    try await access.write { connection in
      try connection.query(
        """
        UPDATE podcast_feeds SET next_check_at = $2 WHERE id IN (
          SELECT f.id FROM podcast_feeds f
          WHERE f.next_check_at <= $1
            AND EXISTS (SELECT 1 FROM podcast_subscriptions s WHERE s.url = f.url AND s.subscribed = 1)
          ORDER BY f.next_check_at, \(connection.dialect.byteOrder("f.id")) LIMIT $3 \(connection.dialect.skipLocked))
        RETURNING *
        """, .integer(now), .integer(until), StoreValue(limit)
      ).compactMap(PodcastFeed.init(row:))
    }
  }

  public func record(
    _ outcome: PodcastFetchOutcome, feedID: String, now: Int64, failures: Int, nextCheckAt: Int64
  ) async throws {
    try await access.write { connection in
      switch outcome {
      case .fetched(let content):
        try connection.execute(
          """
          UPDATE podcast_feeds SET title = $2, author = $3, description = $4, image_url = $5, link = $6,
            etag = $7, last_modified = $8, last_checked_at = $9, last_error = NULL, failures = 0, next_check_at = $10
          WHERE id = $1
          """, .text(feedID), StoreValue(content.title), StoreValue(content.author), StoreValue(content.description),
          StoreValue(content.imageURL), StoreValue(content.link), StoreValue(content.etag),
          StoreValue(content.lastModified), .integer(now), .integer(nextCheckAt))
        for episode in content.episodes { try Self.upsert(episode, feedID: feedID, now: now, connection) }
        if let target = content.movedTo { try Self.move(feedID: feedID, to: target, now: now, connection) }
      case .notModified:
        try connection.execute(
          """
          UPDATE podcast_feeds SET last_checked_at = $2, last_error = NULL, failures = 0, next_check_at = $3
          WHERE id = $1
          """, .text(feedID), .integer(now), .integer(nextCheckAt))
      case .failed(let error):
        try connection.execute(
          """
          UPDATE podcast_feeds SET last_checked_at = $2, last_error = $3, failures = $4, next_check_at = $5
          WHERE id = $1
          """, .text(feedID), .integer(now), .text(error), StoreValue(failures), .integer(nextCheckAt))
      }
    }
  }

  public func episodes(enclosureURLs: [String], userID: Int) async throws -> [ProgressEpisode] {
    guard !enclosureURLs.isEmpty else { return [] }
    let urls = try StringListColumn.encode(enclosureURLs)
    return try await access.read { connection in
      let rows = try connection.query(
        """
        SELECT e.*, f.id AS feed_id, f.url AS feed_url, f.title AS feed_title, f.author AS feed_author,
          f.image_url AS feed_image_url
        FROM podcast_episodes e JOIN podcast_feeds f ON f.id = e.feed_id
        WHERE e.enclosure_url IN (\(connection.dialect.textList("$1")))
          AND EXISTS (SELECT 1 FROM podcast_subscriptions s WHERE s.user_id = $2 AND s.url = f.url AND s.subscribed = 1)
        ORDER BY \(connection.dialect.byteOrder("f.id"))
        """, .text(urls), StoreValue(userID))
      var seen = Set<String>()
      return rows.compactMap { row in
        guard let episode = PodcastEpisode(row: row), seen.insert(episode.url).inserted,
          let id = row.string("feed_id"), let url = row.string("feed_url")
        else { return nil }
        return ProgressEpisode(
          podcastId: id, podcastUrl: url, podcastTitle: row.string("feed_title"),
          podcastAuthor: row.string("feed_author"), podcastImageUrl: row.string("feed_image_url"), episode: episode)
      }
    }
  }

  /// A moved feed (`FeedMove`): its row takes the new address unless another feed has it
  /// already, and every subscription follows. The old address is marked unsubscribed as of now,
  /// so a gPodder client asking for changes `since` learns the move as a remove and an add.
  private static func move(feedID: String, to target: String, now: Int64, _ connection: Access.Connection) throws {
    guard
      let old = try connection.queryOne("SELECT url FROM podcast_feeds WHERE id = $1", .text(feedID))?.string("url"),
      old != target
    else { return }
    try connection.execute(
      "UPDATE podcast_feeds SET url = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM podcast_feeds WHERE url = $2)",
      .text(feedID), .text(target))
    try connection.execute(
      """
      INSERT INTO podcast_subscriptions (user_id, url, subscribed, changed_at)
      SELECT user_id, $2, 1, $3 FROM podcast_subscriptions WHERE url = $1 AND subscribed = 1
      ON CONFLICT (user_id, url) DO UPDATE SET subscribed = 1, changed_at = excluded.changed_at
      """, .text(old), .text(target), .integer(now))
    try connection.execute(
      "UPDATE podcast_subscriptions SET subscribed = 0, changed_at = $2 WHERE url = $1 AND subscribed = 1", .text(old),
      .integer(now))
  }

  public func setRefresh(minutes: Int?, nextCheckAt: Int64, feedID: String) async throws {
    try await access.write { connection in
      try connection.execute(
        "UPDATE podcast_feeds SET refresh_minutes = $2, next_check_at = $3 WHERE id = $1", .text(feedID),
        StoreValue(minutes), .integer(nextCheckAt))
    }
  }

  public func setCover(id: String, url: String, feedID: String) async throws {
    try await access.write { connection in
      try connection.execute(
        "UPDATE podcast_feeds SET cover_id = $2, cover_url = $3 WHERE id = $1", .text(feedID), .text(id), .text(url))
    }
  }

  public func episode(feedID: String, guid: String) async throws -> PodcastEpisode? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT * FROM podcast_episodes WHERE feed_id = $1 AND guid = $2", .text(feedID), .text(guid))
    }.flatMap(PodcastEpisode.init(row:))
  }

  public func subscribed(userID: Int, feedID: String?) async throws -> [PodcastInfo] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT f.*,
          (SELECT count(*) FROM podcast_episodes e WHERE e.feed_id = f.id) AS episode_count,
          (SELECT count(*) FROM podcast_episodes e WHERE e.feed_id = f.id AND NOT EXISTS (
            SELECT 1 FROM listening_progress p
            WHERE p.user_id = $1 AND p.kind = 'episodes' AND p.item_id = e.enclosure_url AND p.finished = 1
          )) AS unplayed_count
        FROM podcast_subscriptions s JOIN podcast_feeds f ON f.url = s.url
        WHERE s.user_id = $1 AND s.subscribed = 1 AND (CAST($2 AS TEXT) IS NULL OR f.id = $2)
        ORDER BY \(connection.dialect.asciiCaseFolded("COALESCE(f.title, f.url)")), f.id
        """, StoreValue(userID), StoreValue(feedID)
      ).compactMap { row in
        guard let feed = PodcastFeed(row: row) else { return nil }
        return PodcastInfo(
          id: feed.id, url: feed.url, title: feed.title, author: feed.author, description: feed.description,
          imageURL: feed.imageURL, link: feed.link, lastCheckedAt: feed.lastCheckedAt, lastError: feed.lastError,
          failures: feed.failures, nextCheckAt: feed.nextCheckAt, episodeCount: row.int("episode_count") ?? 0,
          unplayedCount: row.int("unplayed_count") ?? 0, keepLatest: row.int("keep_latest"),
          refreshMinutes: feed.refreshMinutes, coverId: feed.coverID)
      }
    }
  }

  public func episodes(feedID: String, limit: Int, offset: Int) async throws -> (total: Int, episodes: [PodcastEpisode])
  {
    try await access.read { connection in
      let total =
        try connection.queryOne("SELECT count(*) AS n FROM podcast_episodes WHERE feed_id = $1", .text(feedID))?
        .int("n") ?? 0
      let episodes = try connection.query(
        """
        SELECT * FROM podcast_episodes WHERE feed_id = $1
        ORDER BY published_at DESC NULLS LAST, first_seen_at DESC, \(connection.dialect.byteOrder("guid"))
        LIMIT $2 OFFSET $3
        """, .text(feedID), StoreValue(limit), StoreValue(offset)
      ).compactMap(PodcastEpisode.init(row:))
      return (total, episodes)
    }
  }

  /// A feed row for `url` unless one exists; answers 1 when it made one.
  @discardableResult
  private static func insert(url: String, id: String, now: Int64, _ connection: Access.Connection) throws -> Int {
    try connection.execute(
      """
      INSERT INTO podcast_feeds (id, url, failures, next_check_at, created_at) VALUES ($1, $2, 0, $3, $3)
      ON CONFLICT (url) DO NOTHING
      """, .text(id), .text(url), .integer(now))
  }

  /// By guid within the feed: an episode seen again is updated (only when something changed,
  /// so an unchanged feed writes no rows), never added twice.
  private static func upsert(_ episode: PodcastEpisode, feedID: String, now: Int64, _ connection: Access.Connection)
    throws
  {
    try connection.execute(
      """
      INSERT INTO podcast_episodes (feed_id, guid, title, published_at, duration_seconds, enclosure_url,
        enclosure_type, enclosure_length, description, chapters_url, image_url, first_seen_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
      ON CONFLICT (feed_id, guid) DO UPDATE SET
        title = excluded.title, published_at = excluded.published_at, duration_seconds = excluded.duration_seconds,
        enclosure_url = excluded.enclosure_url, enclosure_type = excluded.enclosure_type,
        enclosure_length = excluded.enclosure_length, description = excluded.description,
        chapters_url = excluded.chapters_url, image_url = excluded.image_url
      WHERE podcast_episodes.title IS DISTINCT FROM excluded.title
        OR podcast_episodes.published_at IS DISTINCT FROM excluded.published_at
        OR podcast_episodes.duration_seconds IS DISTINCT FROM excluded.duration_seconds
        OR podcast_episodes.enclosure_url IS DISTINCT FROM excluded.enclosure_url
        OR podcast_episodes.enclosure_type IS DISTINCT FROM excluded.enclosure_type
        OR podcast_episodes.enclosure_length IS DISTINCT FROM excluded.enclosure_length
        OR podcast_episodes.description IS DISTINCT FROM excluded.description
        OR podcast_episodes.chapters_url IS DISTINCT FROM excluded.chapters_url
        OR podcast_episodes.image_url IS DISTINCT FROM excluded.image_url
      """, .text(feedID), .text(episode.guid), StoreValue(episode.title), StoreValue(episode.publishedAt),
      StoreValue(episode.duration.map { Int64($0.rounded()) }), .text(episode.url), StoreValue(episode.type),
      StoreValue(episode.length), StoreValue(episode.description), StoreValue(episode.chaptersURL),
      StoreValue(episode.imageURL), .integer(now))
  }
}

extension PodcastFeed {
  init?(row: StoreRow) {
    guard let id = row.string("id"), let url = row.string("url") else { return nil }
    self.init(
      id: id, url: url, title: row.string("title"), author: row.string("author"),
      description: row.string("description"), imageURL: row.string("image_url"), link: row.string("link"),
      etag: row.string("etag"), lastModified: row.string("last_modified"),
      lastCheckedAt: row.int64("last_checked_at"), lastError: row.string("last_error"),
      failures: row.int("failures") ?? 0, nextCheckAt: row.int64("next_check_at") ?? 0,
      refreshMinutes: row.int("refresh_minutes"), coverID: row.string("cover_id"), coverURL: row.string("cover_url"))
  }
}

extension PodcastEpisode {
  init?(row: StoreRow) {
    guard let guid = row.string("guid"), let url = row.string("enclosure_url") else { return nil }
    self.init(
      guid: guid, title: row.string("title"), publishedAt: row.int64("published_at"),
      duration: row.int64("duration_seconds").map(Double.init), url: url, type: row.string("enclosure_type"),
      length: row.int64("enclosure_length"), description: row.string("description"),
      chaptersURL: row.string("chapters_url"), imageURL: row.string("image_url"))
  }
}

extension Migration {
  /// Migration 17 of both backends, in one text both take: podcast feeds (one row per URL,
  /// shared by its subscribers; the ID is random text, made by the server, so that the text
  /// needs no backend's identity column) and their episodes (by guid within the feed). Not
  /// STRICT on SQLite, which knows no BIGINT.
  public static let podcastFeeds = Migration(
    version: 17, name: "podcast_feeds",
    sql: """
      CREATE TABLE podcast_feeds (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL UNIQUE,
        title TEXT,
        author TEXT,
        description TEXT,
        image_url TEXT,
        link TEXT,
        etag TEXT,
        last_modified TEXT,
        last_checked_at BIGINT,
        last_error TEXT,
        failures INTEGER NOT NULL CHECK (failures >= 0),
        next_check_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX podcast_feeds_by_next_check ON podcast_feeds (next_check_at);
      CREATE TABLE podcast_episodes (
        feed_id TEXT NOT NULL REFERENCES podcast_feeds(id) ON DELETE CASCADE,
        guid TEXT NOT NULL,
        title TEXT,
        published_at BIGINT,
        duration_seconds BIGINT,
        enclosure_url TEXT NOT NULL,
        enclosure_type TEXT,
        enclosure_length BIGINT,
        description TEXT,
        chapters_url TEXT,
        image_url TEXT,
        first_seen_at BIGINT NOT NULL,
        PRIMARY KEY (feed_id, guid)
      );
      CREATE INDEX podcast_episodes_by_date ON podcast_episodes (feed_id, published_at);
      CREATE INDEX podcast_subscriptions_by_url ON podcast_subscriptions (url, subscribed);
      """)
}

extension Migration {
  /// Migration 28 of both backends: a feed's own refresh interval in minutes (none: the server's).
  public static let podcastRefreshMinutes = Migration(
    version: 28, name: "podcast_refresh_minutes",
    sql: "ALTER TABLE podcast_feeds ADD COLUMN refresh_minutes INTEGER CHECK (refresh_minutes BETWEEN 5 AND 10080);")
}

extension Migration {
  /// Migration 29 of both backends: a feed's picture kept as a cover, and the address it came from.
  public static let podcastCovers = Migration(
    version: 29, name: "podcast_covers",
    sql: "ALTER TABLE podcast_feeds ADD COLUMN cover_id TEXT; ALTER TABLE podcast_feeds ADD COLUMN cover_url TEXT;")
}
