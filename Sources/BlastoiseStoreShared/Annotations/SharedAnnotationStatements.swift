import BlastoiseCore
import BlastoiseProtocol

/// `AnnotationStatements` in either backend's SQL, on the connection of one read or write.
struct SharedAnnotationStatements<Connection: StoreConnection>: AnnotationStatements {
  let connection: Connection

  /// Where the items of a kind are: a table, and what it takes to be listed.
  private struct Items {
    /// The rows (`track_rows`, for a track's catalog columns), as `item`.
    let rows: StoreSQL
    /// `annotations.kind` of the items, as a literal.
    let kind: StoreSQL
    /// More of the WHERE clause a listed item meets.
    let listedIf: StoreSQL

    init(_ kind: AnnotatedKind) {
      switch kind {
      case .tracks: (rows, self.kind, listedIf) = ("track_rows", "'tracks'", "AND item.available = TRUE")
      case .albums: (rows, self.kind, listedIf) = ("albums", "'albums'", "")
      case .artists: (rows, self.kind, listedIf) = ("artists", "'artists'", "")
      }
    }

    /// The stored table an item of the kind is a row of.
    static func table(_ kind: AnnotatedKind) -> StoreSQL {
      switch kind {
      case .tracks: "tracks"
      case .albums: "albums"
      case .artists: "artists"
      }
    }
  }

  func exists(_ kind: AnnotatedKind, id: String) throws -> Bool {
    try connection.queryOne("SELECT 1 AS n FROM \(Items.table(kind)) WHERE id = $1", .text(id)) != nil
  }

  func placement(ofTrack id: String) throws -> StoreRow? {
    try connection.queryOne("SELECT album_id, artist_id FROM tracks WHERE id = $1", .text(id))
  }

  // The time and rating are cast where they stand: PostgreSQL cannot tell a NULL's type from
  // `$4 IS NULL` alone, and SQLite reads `$4::bigint` as one parameter's name.

  func setFavourite(_ kind: AnnotatedKind, id: String, userID: Int, since time: Int64?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, favourite_at) VALUES ($1, $2, $3, CAST($4 AS bigint))
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        favourite_at = CASE WHEN CAST($4 AS bigint) IS NULL THEN NULL
          ELSE coalesce(annotations.favourite_at, CAST($4 AS bigint)) END
      """, StoreValue(userID), .text(kind.rawValue), .text(id), StoreValue(time))
  }

  func setRating(_ kind: AnnotatedKind, id: String, userID: Int, rating: Int?) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, rating) VALUES ($1, $2, $3, CAST($4 AS bigint))
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET rating = CAST($4 AS bigint)
      """, StoreValue(userID), .text(kind.rawValue), .text(id), StoreValue(rating))
  }

  /// `played_at` the later of its own and `time` (one missing: `time`).
  func addPlay(_ kind: AnnotatedKind, id: String, userID: Int, at time: Int64) throws {
    try connection.execute(
      """
      INSERT INTO annotations (user_id, kind, item_id, play_count, played_at) VALUES ($1, $2, $3, 1, CAST($4 AS bigint))
      ON CONFLICT (user_id, kind, item_id) DO UPDATE SET
        play_count = annotations.play_count + 1,
        played_at = CASE WHEN annotations.played_at > CAST($4 AS bigint) THEN annotations.played_at
          ELSE CAST($4 AS bigint) END
      """, StoreValue(userID), .text(kind.rawValue), .text(id), .integer(time))
  }

  func annotations(_ kind: AnnotatedKind, ids: [String], userID: Int) throws -> [StoreRow] {
    try connection.query(
      """
      SELECT * FROM annotations
      WHERE user_id = $1 AND kind = $2 AND item_id IN (\(connection.dialect.textList("$3")))
      """, StoreValue(userID), .text(kind.rawValue), .text(try StringListColumn.encode(ids)))
  }

  func annotations(_ kind: AnnotatedKind, userID: Int) throws -> [StoreRow] {
    try connection.query(
      "SELECT * FROM annotations WHERE user_id = $1 AND kind = $2", StoreValue(userID), .text(kind.rawValue))
  }

  func listed(_ kind: AnnotatedKind, userID: Int, byPlay: Bool, limit: Int) throws -> [StoreRow] {
    let items = Items(kind)
    return try connection.query(
      """
      SELECT item.*, n.favourite_at, n.rating, n.play_count, n.played_at
      FROM annotations n JOIN \(items.rows) item ON item.id = n.item_id
      WHERE n.user_id = $1 AND n.kind = \(items.kind) \(items.listedIf)
        AND (CASE WHEN CAST($2 AS boolean) THEN n.played_at ELSE n.favourite_at END) IS NOT NULL
      ORDER BY (CASE WHEN CAST($2 AS boolean) THEN n.played_at ELSE n.favourite_at END) DESC, n.item_id LIMIT $3
      """, StoreValue(userID), StoreValue(byPlay), StoreValue(limit))
  }
}
