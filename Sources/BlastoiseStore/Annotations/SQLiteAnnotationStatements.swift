import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared

/// `AnnotationStatements` in SQLite, on the connection of one read or write.
struct SQLiteAnnotationStatements: AnnotationStatements {
  let connection: SQLiteConnection

  func exists(_ kind: AnnotatedKind, id: String) throws -> Bool {
    let row: SQLiteRow? =
      switch kind {
      case .tracks: try connection.queryOne("SELECT 1 AS n FROM tracks WHERE id = ?", .text(id))
      case .albums: try connection.queryOne("SELECT 1 AS n FROM albums WHERE id = ?", .text(id))
      case .artists: try connection.queryOne("SELECT 1 AS n FROM artists WHERE id = ?", .text(id))
      }
    return row != nil
  }

  func placement(ofTrack id: String) throws -> StoreRow? {
    try connection.queryOne("SELECT album_id, artist_id FROM tracks WHERE id = ?", .text(id))
  }

  func setFavourite(_ kind: AnnotatedKind, id: String, userID: Int, since time: Int64?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, favourite_at) VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        favourite_at = CASE WHEN ?4 IS NULL THEN NULL ELSE coalesce(favourite_at, ?4) END
      """, SQLiteValue(userID), .text(kind.rawValue), .text(id), SQLiteValue(time))
  }

  func setRating(_ kind: AnnotatedKind, id: String, userID: Int, rating: Int?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, rating) VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET rating = ?4
      """, SQLiteValue(userID), .text(kind.rawValue), .text(id), SQLiteValue(rating))
  }

  func addPlay(_ kind: AnnotatedKind, id: String, userID: Int, at time: Int64) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, play_count, played_at) VALUES (?1, ?2, ?3, 1, ?4)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        play_count = play_count + 1, played_at = max(coalesce(played_at, ?4), ?4)
      """, SQLiteValue(userID), .text(kind.rawValue), .text(id), .integer(time))
  }

  func annotations(_ kind: AnnotatedKind, ids: [String], userID: Int) throws -> [StoreRow] {
    try connection.query(
      """
      SELECT * FROM annotations
      WHERE user_id = ? AND kind = ? AND item_id IN (SELECT value FROM json_each(?))
      """, SQLiteValue(userID), .text(kind.rawValue), .text(try StringListColumn.encode(ids)))
  }

  func listed(_ kind: AnnotatedKind, userID: Int, byPlay: Bool, limit: Int) throws -> [StoreRow] {
    let (user, played, limit) = (SQLiteValue(userID), SQLiteValue(byPlay), SQLiteValue(limit))
    switch kind {
    case .tracks:
      return try connection.query(
        """
        SELECT t.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN track_rows t ON t.id = n.item_id
        WHERE n.user_id = ?1 AND n.kind = 'tracks' AND t.available = 1
          AND (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT ?3
        """, user, played, limit)
    case .albums:
      return try connection.query(
        """
        SELECT a.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN albums a ON a.id = n.item_id
        WHERE n.user_id = ?1 AND n.kind = 'albums'
          AND (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT ?3
        """, user, played, limit)
    case .artists:
      return try connection.query(
        """
        SELECT a.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN artists a ON a.id = n.item_id
        WHERE n.user_id = ?1 AND n.kind = 'artists'
          AND (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN ?2 THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT ?3
        """, user, played, limit)
    }
  }
}

extension SQLiteAccess: AnnotationAccess {
  func annotationWrite<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
  {
    try await write { try body(SQLiteAnnotationStatements(connection: $0)) }
  }

  func annotationRead<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
  {
    try await read { try body(SQLiteAnnotationStatements(connection: $0)) }
  }
}
