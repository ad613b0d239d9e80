import BlastoiseCore
import BlastoiseProtocol

/// `BookmarkStore` for either backend, its SQL written once. Positions are whole milliseconds,
/// as progress keeps them.
public struct SharedBookmarkStore<Access: StoreAccess>: BookmarkStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func add(_ bookmark: Bookmark, userID: Int) async throws -> Bookmark {
    try ProgressRule.checkID(bookmark.item)
    try ListeningRule.checkPosition(bookmark.position)
    try ListeningRule.checkNote(bookmark.note)
    var stored = bookmark
    stored.position = Double(SharedProgressStore<Access>.milliseconds(bookmark.position)) / 1_000
    try await access.write { connection in
      _ = try connection.execute(
        """
        INSERT INTO listening_bookmarks (user_id, kind, item_id, id, position_ms, note, created_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """, StoreValue(userID), .text(bookmark.kind.rawValue), .text(bookmark.item), .text(bookmark.id),
        .integer(SharedProgressStore<Access>.milliseconds(bookmark.position)), .text(bookmark.note),
        .integer(bookmark.createdAt))
    }
    return stored
  }

  public func bookmarks(kind: ProgressKind, item: String, userID: Int) async throws -> [Bookmark] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT * FROM listening_bookmarks WHERE user_id = $1 AND kind = $2 AND item_id = $3
        ORDER BY position_ms, created_at, \(connection.dialect.byteOrder("id"))
        """, StoreValue(userID), .text(kind.rawValue), .text(item)
      ).compactMap(Bookmark.init(row:))
    }
  }

  public func setNote(_ note: String, id: String, kind: ProgressKind, item: String, userID: Int) async throws
    -> Bookmark?
  {
    try ListeningRule.checkNote(note)
    return try await access.write { connection in
      let key: [StoreValue] = [StoreValue(userID), .text(kind.rawValue), .text(item), .text(id)]
      let changed = try connection.execute(
        "UPDATE listening_bookmarks SET note = $5 WHERE user_id = $1 AND kind = $2 AND item_id = $3 AND id = $4",
        values: key + [.text(note)])
      guard changed > 0 else { return nil }
      return try connection.queryOne(
        "SELECT * FROM listening_bookmarks WHERE user_id = $1 AND kind = $2 AND item_id = $3 AND id = $4", values: key
      ).flatMap(Bookmark.init(row:))
    }
  }

  public func remove(id: String, kind: ProgressKind, item: String, userID: Int) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        "DELETE FROM listening_bookmarks WHERE user_id = $1 AND kind = $2 AND item_id = $3 AND id = $4",
        StoreValue(userID), .text(kind.rawValue), .text(item), .text(id)) > 0
    }
  }
}

extension Bookmark {
  /// A `listening_bookmarks` row; nil for a kind this build does not know.
  init?(row: StoreRow) {
    guard let kind = row.string("kind").flatMap(ProgressKind.init(rawValue:)), let id = row.string("id"),
      let item = row.string("item_id")
    else { return nil }
    self.init(
      id: id, kind: kind, item: item, position: Double(row.int64("position_ms") ?? 0) / 1_000,
      note: row.string("note") ?? "", createdAt: row.int64("created_at") ?? 0)
  }
}

extension Migration {
  /// Migration 19 of both backends, in one text both take: each person's bookmarks (a random
  /// text ID made by the server, so no backend's identity column) and playback rates per book
  /// or show. DOUBLE PRECISION is a REAL to SQLite and a float8 to PostgreSQL (whose REAL is a
  /// float4, which would keep 1.1 as 1.10000002). Not STRICT on SQLite, which knows no BIGINT.
  public static let listeningBookmarksAndRates = Migration(
    version: 19, name: "listening_bookmarks_and_rates",
    sql: """
      CREATE TABLE listening_bookmarks (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('episodes', 'books')),
        item_id TEXT NOT NULL,
        id TEXT NOT NULL,
        position_ms BIGINT NOT NULL CHECK (position_ms >= 0),
        note TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, kind, item_id, id)
      );
      CREATE TABLE listening_rates (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('episodes', 'books')),
        show_key TEXT NOT NULL,
        rate DOUBLE PRECISION NOT NULL CHECK (rate >= 0.5 AND rate <= 3),
        PRIMARY KEY (user_id, kind, show_key)
      );
      """)
}
