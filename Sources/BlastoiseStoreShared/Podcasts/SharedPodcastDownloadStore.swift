import BlastoiseCore
import BlastoiseProtocol

/// `PodcastDownloadStore` for either backend, its SQL written once.
public struct SharedPodcastDownloadStore<Access: StoreAccess>: PodcastDownloadStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func setKeepLatest(_ count: Int, feedID: String) async throws {
    try await access.write { connection in
      _ = try connection.execute(
        "UPDATE podcast_feeds SET keep_latest = $2 WHERE id = $1", .text(feedID), StoreValue(count))
    }
  }

  public func retained() async throws -> [PodcastKeep] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT f.id, CASE WHEN EXISTS (
            SELECT 1 FROM podcast_subscriptions s WHERE s.url = f.url AND s.subscribed = 1
          ) THEN f.keep_latest ELSE 0 END AS keep
        FROM podcast_feeds f
        WHERE EXISTS (SELECT 1 FROM podcast_subscriptions s WHERE s.url = f.url AND s.subscribed = 1)
          OR EXISTS (SELECT 1 FROM podcast_downloads d WHERE d.feed_id = f.id)
        ORDER BY \(connection.dialect.byteOrder("f.id"))
        """
      ).compactMap { row in
        guard let id = row.string("id"), let keep = row.int("keep") else { return nil }
        return PodcastKeep(feedID: id, keepLatest: keep)
      }
    }
  }

  public func downloads(feedID: String) async throws -> [PodcastDownload] {
    try await access.read { connection in
      try connection.query(
        "\(Self.withEpisode) WHERE d.feed_id = $1 ORDER BY \(connection.dialect.byteOrder("d.guid"))", .text(feedID)
      ).compactMap(PodcastDownload.init(row:))
    }
  }

  public func queue(feedID: String, guids: [String], now: Int64) async throws {
    guard !guids.isEmpty else { return }
    try await access.write { connection in
      for guid in guids {
        _ = try connection.execute(
          """
          INSERT INTO podcast_downloads (feed_id, guid, state, updated_at) VALUES ($1, $2, 'queued', $3)
          ON CONFLICT (feed_id, guid) DO NOTHING
          """, .text(feedID), .text(guid), .integer(now))
      }
    }
  }

  public func request(feedID: String, guid: String, userID: Int, now: Int64) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO podcast_downloads (feed_id, guid, state, requested_at, requested_by, updated_at)
        SELECT feed_id, guid, 'queued', $3, $4, $3 FROM podcast_episodes WHERE feed_id = $1 AND guid = $2
        ON CONFLICT (feed_id, guid) DO UPDATE SET
          requested_at = excluded.requested_at, requested_by = excluded.requested_by, updated_at = excluded.updated_at,
          state = CASE WHEN podcast_downloads.state = 'failed' THEN 'queued' ELSE podcast_downloads.state END,
          error = CASE WHEN podcast_downloads.state = 'failed' THEN NULL ELSE podcast_downloads.error END
        """, .text(feedID), .text(guid), .integer(now), StoreValue(userID)) > 0
    }
  }

  /// The rows are taken with the dialect's `skipLocked`: PostgreSQL nodes claiming at once take
  /// disjoint downloads; a node that dies mid-download leaves its rows to be taken again once
  /// the lease ends.
  public func claim(owner: String, now: Int64, until: Int64, limit: Int) async throws -> [PodcastDownload] {
    try await access.write { connection in
      let claimed = try connection.query(
        """
        UPDATE podcast_downloads SET state = 'downloading', lease_owner = $2, lease_until = $3, updated_at = $1
        WHERE (feed_id, guid) IN (
          SELECT d.feed_id, d.guid FROM podcast_downloads d
          WHERE d.state = 'queued' OR (d.state = 'downloading' AND d.lease_until <= $1)
          ORDER BY d.requested_at DESC NULLS LAST, d.updated_at, \(connection.dialect.byteOrder("d.guid"))
          LIMIT $4 \(connection.dialect.skipLocked))
        RETURNING feed_id, guid
        """, .integer(now), .text(owner), .integer(until), StoreValue(limit))
      return try claimed.compactMap { row in
        try connection.queryOne(
          "\(Self.withEpisode) WHERE d.feed_id = $1 AND d.guid = $2", StoreValue(row.string("feed_id")),
          StoreValue(row.string("guid"))
        ).flatMap(PodcastDownload.init(row:))
      }
    }
  }

  public func finish(
    feedID: String, guid: String, owner: String, trackID: String, path: String, bytes: Int64, now: Int64
  ) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE podcast_downloads SET state = 'done', track_id = $4, path = $5, bytes = $6, error = NULL,
          lease_owner = NULL, lease_until = NULL, updated_at = $7
        WHERE feed_id = $1 AND guid = $2 AND lease_owner = $3 AND state = 'downloading'
        """, .text(feedID), .text(guid), .text(owner), .text(trackID), .text(path), .integer(bytes), .integer(now))
        == 1
    }
  }

  public func fail(feedID: String, guid: String, owner: String, error: String, now: Int64) async throws {
    try await access.write { connection in
      _ = try connection.execute(
        """
        UPDATE podcast_downloads SET state = 'failed', error = $4, lease_owner = NULL, lease_until = NULL,
          updated_at = $5
        WHERE feed_id = $1 AND guid = $2 AND lease_owner = $3 AND state = 'downloading'
        """, .text(feedID), .text(guid), .text(owner), .text(error), .integer(now))
    }
  }

  public func remove(feedID: String, guid: String) async throws -> String? {
    try await access.write { connection in
      let path = try connection.queryOne(
        "DELETE FROM podcast_downloads WHERE feed_id = $1 AND guid = $2 RETURNING path", .text(feedID), .text(guid)
      )?.string("path")
      guard let path else { return nil }
      let shared = try connection.queryOne(
        "SELECT 1 AS one FROM podcast_downloads WHERE path = $1 LIMIT 1", .text(path))
      return shared == nil ? path : nil
    }
  }

  public func filePath(trackID: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT path FROM podcast_downloads WHERE track_id = $1 AND state = 'done' LIMIT 1", .text(trackID)
      )?.string("path")
    }
  }

  public func downloadedEpisode(trackID: String) async throws -> DownloadedEpisode? {
    let row = try await access.read { connection in
      try connection.queryOne(
        """
        SELECT f.url AS feed_url, f.title AS podcast_title, e.guid, e.enclosure_url, e.title, e.duration_seconds,
          d.path
        FROM podcast_downloads d
        JOIN podcast_episodes e ON e.feed_id = d.feed_id AND e.guid = d.guid
        JOIN podcast_feeds f ON f.id = d.feed_id
        WHERE d.track_id = $1 AND d.state = 'done'
        ORDER BY d.updated_at DESC, d.feed_id, d.guid LIMIT 1
        """, .text(trackID))
    }
    guard let row, let feed = row.string("feed_url"), let guid = row.string("guid"),
      let url = row.string("enclosure_url"), let path = row.string("path")
    else { return nil }
    return DownloadedEpisode(
      feedURL: feed, podcastTitle: row.string("podcast_title"), guid: guid, url: url, title: row.string("title"),
      duration: row.int64("duration_seconds").map(Double.init), path: path)
  }

  public func listening(urls: [String]) async throws -> [PodcastListening] {
    guard !urls.isEmpty else { return [] }
    let rows = try await access.read { connection in
      try connection.query(
        """
        SELECT user_id, item_id, position_ms, finished FROM listening_progress
        WHERE kind = 'episodes' AND item_id IN (\(connection.dialect.textList("$1")))
        """, .text(try StringListColumn.encode(urls)))
    }
    return rows.compactMap { row in
      guard let user = row.int("user_id"), let url = row.string("item_id") else { return nil }
      return PodcastListening(
        userID: user, url: url, position: Double(row.int64("position_ms") ?? 0) / 1_000,
        finished: row.bool("finished") ?? false)
    }
  }
}

extension SharedPodcastDownloadStore {
  /// Download rows with their episode's enclosure.
  fileprivate static var withEpisode: StoreSQL {
    """
    SELECT d.*, e.enclosure_url, e.enclosure_type FROM podcast_downloads d
    JOIN podcast_episodes e ON e.feed_id = d.feed_id AND e.guid = d.guid
    """
  }
}

extension PodcastDownload {
  init?(row: StoreRow) {
    guard let feed = row.string("feed_id"), let guid = row.string("guid"), let url = row.string("enclosure_url"),
      let state = row.string("state").flatMap(PodcastDownloadState.init(rawValue:))
    else { return nil }
    self.init(
      feedID: feed, guid: guid, url: url, type: row.string("enclosure_type"), state: state,
      trackID: row.string("track_id"), path: row.string("path"),
      bytes: row.int64("bytes"), error: row.string("error"), requestedAt: row.int64("requested_at"),
      requestedBy: row.int("requested_by"), updatedAt: row.int64("updated_at") ?? 0)
  }
}

extension Migration {
  /// Migration 20 of both backends, in one text both take: episode downloads (one per feed and
  /// guid, shared by the feed's subscribers; a lease says which node is downloading) and how
  /// many of its newest episodes each feed keeps downloaded.
  public static let podcastDownloads = Migration(
    version: 20, name: "podcast_downloads",
    sql: """
      ALTER TABLE podcast_feeds ADD COLUMN keep_latest INTEGER NOT NULL DEFAULT 3
        CHECK (keep_latest BETWEEN 0 AND 50);
      CREATE TABLE podcast_downloads (
        feed_id TEXT NOT NULL,
        guid TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'done', 'failed')),
        track_id TEXT,
        path TEXT,
        bytes BIGINT,
        error TEXT,
        requested_at BIGINT,
        requested_by INTEGER,
        lease_owner TEXT,
        lease_until BIGINT,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (feed_id, guid),
        FOREIGN KEY (feed_id, guid) REFERENCES podcast_episodes(feed_id, guid) ON DELETE CASCADE
      );
      CREATE INDEX podcast_downloads_by_state ON podcast_downloads (state, lease_until);
      CREATE INDEX podcast_downloads_by_track ON podcast_downloads (track_id);
      """)
}
