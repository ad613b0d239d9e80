import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared

/// `AnnotationStatements` in PostgreSQL, on the connection of one read or write.
struct PostgresAnnotationStatements: AnnotationStatements {
  let connection: PostgresConnection

  func exists(_ kind: AnnotatedKind, id: String) throws -> Bool {
    let row: StoreRow? =
      switch kind {
      case .tracks: try connection.queryOne("SELECT 1 AS n FROM tracks WHERE id = $1", .text(id))
      case .albums: try connection.queryOne("SELECT 1 AS n FROM albums WHERE id = $1", .text(id))
      case .artists: try connection.queryOne("SELECT 1 AS n FROM artists WHERE id = $1", .text(id))
      }
    return row != nil
  }

  func placement(ofTrack id: String) throws -> StoreRow? {
    try connection.queryOne("SELECT album_id, artist_id FROM tracks WHERE id = $1", .text(id))
  }

  func setFavourite(_ kind: AnnotatedKind, id: String, userID: Int, since time: Int64?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, favourite_at) VALUES ($1, $2, $3, $4::bigint)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        favourite_at = CASE WHEN $4::bigint IS NULL THEN NULL ELSE coalesce(annotations.favourite_at, $4::bigint) END
      """, StoreValue(userID), .text(kind.rawValue), .text(id), StoreValue(time))
  }

  func setRating(_ kind: AnnotatedKind, id: String, userID: Int, rating: Int?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, rating) VALUES ($1, $2, $3, $4::bigint)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET rating = $4::bigint
      """, StoreValue(userID), .text(kind.rawValue), .text(id), StoreValue(rating))
  }

  func addPlay(_ kind: AnnotatedKind, id: String, userID: Int, at time: Int64) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, play_count, played_at) VALUES ($1, $2, $3, 1, $4::bigint)
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        play_count = annotations.play_count + 1,
        played_at = greatest(coalesce(annotations.played_at, $4::bigint), $4::bigint)
      """, StoreValue(userID), .text(kind.rawValue), .text(id), .integer(time))
  }

  func annotations(_ kind: AnnotatedKind, ids: [String], userID: Int) throws -> [StoreRow] {
    try connection.query(
      """
      SELECT * FROM annotations
      WHERE user_id = $1 AND kind = $2 AND item_id IN (SELECT jsonb_array_elements_text($3::jsonb))
      """, StoreValue(userID), .text(kind.rawValue), .text(try StringListColumn.encode(ids)))
  }

  func listed(_ kind: AnnotatedKind, userID: Int, byPlay: Bool, limit: Int) throws -> [StoreRow] {
    let (user, played, limit) = (StoreValue(userID), StoreValue(byPlay), StoreValue(limit))
    switch kind {
    case .tracks:
      return try connection.query(
        """
        SELECT t.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN track_rows t ON t.id = n.item_id
        WHERE n.user_id = $1 AND n.kind = 'tracks' AND t.available
          AND (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT $3
        """, user, played, limit)
    case .albums:
      return try connection.query(
        """
        SELECT a.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN albums a ON a.id = n.item_id
        WHERE n.user_id = $1 AND n.kind = 'albums'
          AND (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT $3
        """, user, played, limit)
    case .artists:
      return try connection.query(
        """
        SELECT a.*, n.favourite_at, n.rating, n.play_count, n.played_at
        FROM annotations n JOIN artists a ON a.id = n.item_id
        WHERE n.user_id = $1 AND n.kind = 'artists'
          AND (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
        ORDER BY (CASE WHEN $2::boolean THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT $3
        """, user, played, limit)
    }
  }
}

extension PostgresAccess: AnnotationAccess {
  func annotationWrite<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
  {
    try await write { try body(PostgresAnnotationStatements(connection: $0)) }
  }

  func annotationRead<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
  {
    try await read { try body(PostgresAnnotationStatements(connection: $0)) }
  }
}
