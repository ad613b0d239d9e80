import BlastoiseCore
import BlastoiseProtocol

/// `ProgressStore` for either backend, its SQL written once. A report is read, ruled on and
/// written in one write transaction (serializable on PostgreSQL), so two devices reporting at
/// once settle as if one came after the other.
public struct SharedProgressStore<Access: StoreAccess>: ProgressStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func report(_ report: ProgressReport, kind: ProgressKind, id: String, userID: Int, now: Int64)
    async throws -> ListeningProgress
  {
    try ProgressRule.checkID(id)
    return try await access.write { connection in
      let stored = try connection.queryOne(
        "SELECT * FROM listening_progress WHERE user_id = $1 AND kind = $2 AND item_id = $3",
        StoreValue(userID), .text(kind.rawValue), .text(id)
      ).flatMap(ListeningProgress.init(row:))
      let next = try ProgressRule.apply(report, kind: kind, id: id, over: stored, now: now)
      if next == stored { return next }
      try connection.execute(
        """
        INSERT INTO listening_progress
          (user_id, kind, item_id, position_ms, duration_ms, finished, position_at, updated_at, feed_url, guid)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
          position_ms = excluded.position_ms, duration_ms = excluded.duration_ms,
          finished = excluded.finished, position_at = excluded.position_at, updated_at = excluded.updated_at,
          feed_url = excluded.feed_url, guid = excluded.guid
        """, StoreValue(userID), .text(kind.rawValue), .text(id), .integer(Self.milliseconds(next.position)),
        next.duration.map { .integer(max(1, Self.milliseconds($0))) } ?? .null, .integer(next.finished ? 1 : 0),
        .integer(next.positionAt), .integer(next.updatedAt), StoreValue(next.feed), StoreValue(next.guid))
      return next
    }
  }

  public func progress(kind: ProgressKind, ids: [String], userID: Int) async throws -> [String: ListeningProgress] {
    guard !ids.isEmpty else { return [:] }
    let rows = try await access.read { connection in
      try connection.query(
        """
        SELECT * FROM listening_progress
        WHERE user_id = $1 AND kind = $2 AND item_id IN (\(connection.dialect.textList("$3")))
        """, StoreValue(userID), .text(kind.rawValue), .text(try StringListColumn.encode(ids)))
    }
    var found: [String: ListeningProgress] = [:]
    for progress in rows.compactMap(ListeningProgress.init(row:)) { found[progress.id] = progress }
    return found
  }

  public func unfinished(userID: Int, limit: Int) async throws -> [ListeningProgress] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT * FROM listening_progress
        WHERE user_id = $1 AND finished = 0 AND position_ms > 0
        ORDER BY position_at DESC, kind, \(connection.dialect.byteOrder("item_id")) LIMIT $2
        """, StoreValue(userID), StoreValue(limit)
      ).compactMap(ListeningProgress.init(row:))
    }
  }

  public func changes(userID: Int, after time: Int64, limit: Int) async throws -> [ListeningProgress] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT * FROM listening_progress WHERE user_id = $1 AND updated_at > $2
        ORDER BY updated_at, kind, \(connection.dialect.byteOrder("item_id")) LIMIT $3
        """, StoreValue(userID), .integer(time), StoreValue(limit)
      ).compactMap(ListeningProgress.init(row:))
    }
  }

  /// Positions are kept in whole milliseconds, so both backends store the same numbers (a
  /// duration at least 1).
  static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000).rounded()) }
}

extension ListeningProgress {
  /// A `listening_progress` row; nil for a kind this build does not know.
  init?(row: StoreRow) {
    guard let kind = row.string("kind").flatMap(ProgressKind.init(rawValue:)), let id = row.string("item_id") else {
      return nil
    }
    self.init(
      kind: kind, id: id, position: Double(row.int64("position_ms") ?? 0) / 1_000,
      duration: row.int64("duration_ms").map { Double($0) / 1_000 }, finished: row.bool("finished") ?? false,
      positionAt: row.int64("position_at") ?? 0, updatedAt: row.int64("updated_at") ?? 0, feed: row.string("feed_url"),
      guid: row.string("guid"))
  }
}

extension Migration {
  /// Migration 13 of both backends, in one text both take: spoken-word progress per person
  /// (`ProgressStore`). Not STRICT on SQLite, which knows no BIGINT.
  public static let listeningProgress = Migration(
    version: 13, name: "listening_progress",
    sql: """
      CREATE TABLE listening_progress (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('episodes', 'books')),
        item_id TEXT NOT NULL,
        position_ms BIGINT NOT NULL CHECK (position_ms >= 0),
        duration_ms BIGINT CHECK (duration_ms > 0),
        finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
        position_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        feed_url TEXT,
        guid TEXT,
        PRIMARY KEY (user_id, kind, item_id)
      );
      CREATE INDEX listening_progress_by_position_at ON listening_progress (user_id, position_at);
      CREATE INDEX listening_progress_by_update ON listening_progress (user_id, updated_at);
      """)
}
