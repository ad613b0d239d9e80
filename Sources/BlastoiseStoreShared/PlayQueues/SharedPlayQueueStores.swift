import BlastoiseCore

/// `PlayQueueStore` for either backend, its SQL written once.
public struct SharedPlayQueueStore<Access: StoreAccess>: PlayQueueStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func playQueue(userID: Int) async throws -> StoredPlayQueue? {
    try await access.read { connection in
      guard let row = try connection.queryOne("SELECT * FROM play_queues WHERE user_id = $1", StoreValue(userID)),
        let ids = row.string("track_ids").flatMap(StringListColumn.decode), let position = row.int64("position_ms"),
        let changedAt = row.int64("changed_at"), let changedBy = row.string("changed_by")
      else { return nil }
      return StoredPlayQueue(
        trackIDs: ids, currentIndex: row.int("current_index"), position: position, changedAt: changedAt,
        changedBy: changedBy)
    }
  }

  public func save(_ queue: StoredPlayQueue, userID: Int) async throws {
    let ids = try StringListColumn.encode(queue.trackIDs)
    try await access.write { connection in
      _ = try connection.execute(
        """
        INSERT INTO play_queues (user_id, track_ids, current_index, position_ms, changed_at, changed_by)
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (user_id) DO UPDATE SET track_ids = excluded.track_ids, current_index = excluded.current_index,
          position_ms = excluded.position_ms, changed_at = excluded.changed_at, changed_by = excluded.changed_by
        """, StoreValue(userID), .text(ids), StoreValue(queue.currentIndex),
        .integer(queue.position), .integer(queue.changedAt), .text(queue.changedBy))
    }
  }

  public func clear(userID: Int) async throws {
    try await access.write { connection in
      _ = try connection.execute("DELETE FROM play_queues WHERE user_id = $1", StoreValue(userID))
    }
  }
}

/// `MediaBookmarkStore` for either backend, its SQL written once.
public struct SharedMediaBookmarkStore<Access: StoreAccess>: MediaBookmarkStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func mediaBookmarks(userID: Int) async throws -> [MediaBookmark] {
    try await access.read { connection in
      try connection.query(
        "SELECT * FROM media_bookmarks WHERE user_id = $1 ORDER BY changed_at DESC, media_id", StoreValue(userID)
      ).compactMap { row in
        guard let id = row.string("media_id"), let position = row.int64("position_ms"),
          let created = row.int64("created_at"), let changed = row.int64("changed_at")
        else { return nil }
        return MediaBookmark(
          mediaID: id, position: position, comment: row.string("comment"), createdAt: created, changedAt: changed)
      }
    }
  }

  public func setMediaBookmark(_ bookmark: MediaBookmark, userID: Int) async throws {
    try await access.write { connection in
      _ = try connection.execute(
        """
        INSERT INTO media_bookmarks (user_id, media_id, position_ms, comment, created_at, changed_at)
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (user_id, media_id) DO UPDATE SET position_ms = excluded.position_ms,
          comment = excluded.comment, changed_at = excluded.changed_at
        """, StoreValue(userID), .text(bookmark.mediaID), .integer(bookmark.position),
        StoreValue(bookmark.comment), .integer(bookmark.createdAt), .integer(bookmark.changedAt))
    }
  }

  public func removeMediaBookmark(mediaID: String, userID: Int) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        "DELETE FROM media_bookmarks WHERE user_id = $1 AND media_id = $2", StoreValue(userID), .text(mediaID)) > 0
    }
  }
}

extension Migration {
  /// Migration 26 of both backends, in one text both take: each person's saved play queue and
  /// media bookmarks (the Subsonic API's), gone with the account. Not STRICT on SQLite, which
  /// knows no BIGINT.
  public static let playQueues = Migration(
    version: 26, name: "play_queues",
    sql: """
      CREATE TABLE play_queues (
        user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        track_ids TEXT NOT NULL,
        current_index INTEGER,
        position_ms BIGINT NOT NULL,
        changed_at BIGINT NOT NULL,
        changed_by TEXT NOT NULL
      );
      CREATE TABLE media_bookmarks (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        media_id TEXT NOT NULL,
        position_ms BIGINT NOT NULL,
        comment TEXT,
        created_at BIGINT NOT NULL,
        changed_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, media_id)
      );
      """)
}
