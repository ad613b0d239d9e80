import BlastoiseCore

/// The catalog's statements (`CatalogStatements`) in either backend's SQL, on the connection of
/// one write or read; what the two say differently comes from the connection's `SQLDialect`.
public struct SharedCatalogStatements<Connection: StoreConnection>: LibraryCatalogStatements {
  let connection: Connection

  public init(connection: Connection) { self.connection = connection }

  /// The `tracks` row of a scanned track (`TrackColumns`), its tags replaced; a copy found
  /// without a cover keeps the cover found before.
  public func upsert(_ track: ScannedTrack, addedAt: Int64) -> StoreStatement {
    StoreStatement(
      """
      INSERT INTO tracks (id, filename, title, artist, album, duration, replay_gain_db, replay_peak, added_at,
        album_artist, track_number, track_total, disc_number, disc_total, date, genres, composer, compilation,
        mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, title_sort, artist_sort, album_sort,
        album_artist_sort, lyrics, album_id, album_credit, album_artist_id, artist_id, order_key, cover_id, size,
        bit_rate, album_gain_db, album_peak)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
        $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, artist = excluded.artist, album = excluded.album,
        duration = excluded.duration, replay_gain_db = excluded.replay_gain_db, replay_peak = excluded.replay_peak,
        album_artist = excluded.album_artist, track_number = excluded.track_number,
        track_total = excluded.track_total, disc_number = excluded.disc_number, disc_total = excluded.disc_total,
        date = excluded.date, genres = excluded.genres, composer = excluded.composer,
        compilation = excluded.compilation, mb_track_id = excluded.mb_track_id, mb_album_id = excluded.mb_album_id,
        mb_artist_id = excluded.mb_artist_id, mb_album_artist_id = excluded.mb_album_artist_id,
        title_sort = excluded.title_sort, artist_sort = excluded.artist_sort, album_sort = excluded.album_sort,
        album_artist_sort = excluded.album_artist_sort, lyrics = excluded.lyrics, album_id = excluded.album_id,
        album_credit = excluded.album_credit, album_artist_id = excluded.album_artist_id,
        artist_id = excluded.artist_id, order_key = excluded.order_key, size = excluded.size,
        bit_rate = excluded.bit_rate, album_gain_db = excluded.album_gain_db, album_peak = excluded.album_peak,
        -- The same bytes at a second path whose folder has no image keep the cover found.
        cover_id = coalesce(excluded.cover_id, tracks.cover_id)
      """, values: TrackColumns.values(of: track, addedAt: addedAt))
  }

  @discardableResult
  public func run(_ batch: [StoreStatement]) throws -> [[StoreRow]] { try connection.runBatch(batch) }

  public func placement(ofTrack id: String) -> StoreStatement {
    StoreStatement("SELECT album_id, album_artist_id, artist_id FROM tracks WHERE id = $1", .text(id))
  }

  public func updateAvailability(ofTrack id: String) -> StoreStatement {
    StoreStatement(
      """
      UPDATE tracks SET available = EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = tracks.id AND f.present = TRUE)
      WHERE id = $1 RETURNING available, album_id, album_artist_id, artist_id, genres, title, filename, artist, album
      """, .text(id))
  }

  public func deleteGenres(ofTrack id: String) -> StoreStatement {
    StoreStatement("DELETE FROM track_genres WHERE track_id = $1 RETURNING genre_id", .text(id))
  }

  public func addGenre(_ genreID: String, named name: String, toTrack id: String) -> StoreStatement {
    StoreStatement(
      "INSERT INTO track_genres (genre_id, track_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      .text(genreID), .text(id), .text(name))
  }

  public func presentTracks(ofAlbum id: String) -> StoreStatement {
    StoreStatement("SELECT * FROM track_rows WHERE album_id = $1 AND available = TRUE", .text(id))
  }

  public func deleteGenres(ofAlbum id: String) -> StoreStatement {
    StoreStatement("DELETE FROM album_genres WHERE album_id = $1 RETURNING genre_id", .text(id))
  }

  public func artist(ofAlbum id: String) -> StoreStatement {
    StoreStatement("SELECT artist_id FROM albums WHERE id = $1", .text(id))
  }

  public func deleteAlbum(_ id: String) -> StoreStatement {
    StoreStatement("DELETE FROM albums WHERE id = $1", .text(id))
  }

  public func saveAlbum(_ values: [StoreValue]) -> StoreStatement {
    StoreStatement(
      """
      INSERT INTO albums (id, name, artist, artist_id, year, genres, track_count, disc_count, duration, compilation,
        mb_album_id, added_at, name_key, artist_key, shuffle_key, cover_id)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, artist = excluded.artist, artist_id = excluded.artist_id,
        year = excluded.year, genres = excluded.genres, track_count = excluded.track_count,
        disc_count = excluded.disc_count, duration = excluded.duration, compilation = excluded.compilation,
        mb_album_id = excluded.mb_album_id, added_at = excluded.added_at, name_key = excluded.name_key,
        artist_key = excluded.artist_key, shuffle_key = excluded.shuffle_key, cover_id = excluded.cover_id
      """, values: values)
  }

  public func addGenre(_ genreID: String, toAlbum id: String) -> StoreStatement {
    StoreStatement(
      "INSERT INTO album_genres (genre_id, album_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", .text(genreID),
      .text(id))
  }

  public func setOrderKey(_ key: String, ofTrack id: String) -> StoreStatement {
    StoreStatement("UPDATE tracks SET order_key = $1 WHERE id = $2 AND order_key <> $1", .text(key), .text(id))
  }

  /// Earliest: the first stored (`SQLDialect.storedOrder`).
  public func firstCredit(ofArtist id: String, asAlbumArtist: Bool) -> StoreStatement {
    if asAlbumArtist {
      return StoreStatement(
        """
        SELECT album_credit AS name, album_artist_sort AS sort, mb_album_artist_id AS mbid, added_at FROM tracks
        WHERE album_artist_id = $1 AND available = TRUE ORDER BY \(connection.dialect.storedOrder) LIMIT 1
        """, .text(id))
    }
    return StoreStatement(
      """
      SELECT artist AS name, artist_sort AS sort, mb_artist_id AS mbid, added_at FROM tracks
      WHERE artist_id = $1 AND available = TRUE ORDER BY \(connection.dialect.storedOrder) LIMIT 1
      """, .text(id))
  }

  public func albumCount(ofArtist id: String) -> StoreStatement {
    StoreStatement("SELECT count(*) AS n FROM albums WHERE artist_id = $1", .text(id))
  }

  public func presentTrackCount(ofArtist id: String) -> StoreStatement {
    StoreStatement("SELECT count(*) AS n FROM tracks WHERE artist_id = $1 AND available = TRUE", .text(id))
  }

  public func deleteArtist(_ id: String) -> StoreStatement {
    StoreStatement("DELETE FROM artists WHERE id = $1", .text(id))
  }

  public func saveArtist(_ values: [StoreValue]) -> StoreStatement {
    StoreStatement(
      """
      INSERT INTO artists (id, name, album_count, track_count, mb_artist_id, added_at, name_key, shuffle_key)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, album_count = excluded.album_count,
        track_count = excluded.track_count, mb_artist_id = excluded.mb_artist_id, added_at = excluded.added_at,
        name_key = excluded.name_key, shuffle_key = excluded.shuffle_key
      """, values: values)
  }

  /// "The first such track": the one SQLite's primary key reads first, by genre and track ID.
  public func name(ofGenre id: String) -> StoreStatement {
    StoreStatement(
      "SELECT name FROM track_genres WHERE genre_id = $1 ORDER BY \(connection.dialect.byteOrder("track_id")) LIMIT 1",
      .text(id))
  }

  public func trackCount(ofGenre id: String) -> StoreStatement {
    StoreStatement("SELECT count(*) AS n FROM track_genres WHERE genre_id = $1", .text(id))
  }

  public func albumCount(ofGenre id: String) -> StoreStatement {
    StoreStatement("SELECT count(*) AS n FROM album_genres WHERE genre_id = $1", .text(id))
  }

  public func deleteGenre(_ id: String) -> StoreStatement {
    StoreStatement("DELETE FROM genres WHERE id = $1", .text(id))
  }

  public func saveGenre(_ values: [StoreValue]) -> StoreStatement {
    StoreStatement(
      """
      INSERT INTO genres (id, name, name_key, album_count, track_count) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
        album_count = excluded.album_count, track_count = excluded.track_count
      """, values: values)
  }

  public func deleteSearchEntry(_ kind: SearchKind, ref: String) -> [StoreStatement] {
    [
      StoreStatement("DELETE FROM search_words WHERE kind = $1 AND ref = $2", .integer(kind.rawValue), .text(ref)),
      StoreStatement("DELETE FROM search_entries WHERE kind = $1 AND ref = $2", .integer(kind.rawValue), .text(ref)),
    ]
  }

  public func insertSearchEntry(_ kind: SearchKind, ref: String, name: String, text: String) -> StoreStatement {
    StoreStatement(
      "INSERT INTO search_entries (kind, ref, name, text) VALUES ($1, $2, $3, $4)", .integer(kind.rawValue),
      .text(ref), .text(name), .text(text))
  }

  public func insertSearchWord(
    _ kind: SearchKind, field: Int64, word: String, nameLength: Int64, ref: String
  ) -> StoreStatement {
    StoreStatement(
      "INSERT INTO search_words (kind, field, word, name_length, ref) VALUES ($1, $2, $3, $4, $5)",
      .integer(kind.rawValue), .integer(field), .text(word), .integer(nameLength), .text(ref))
  }

  /// The primary key's order (SQLite reads its index in that order without a sort); PostgreSQL's
  /// `word` is COLLATE "C", so the range is one of bytes on both.
  public func searchCandidates(
    _ kind: SearchKind, lower: String, upper: String, needles: [String], count: Int
  ) throws -> [StoreRow] {
    let holds = { (needle: StoreSQL) in connection.dialect.contains("e.text", needle) }
    return try connection.query(
      """
      SELECT w.ref, e.name FROM search_words w JOIN search_entries e ON e.kind = w.kind AND e.ref = w.ref
      WHERE w.kind = $1 AND w.field IN (0, 1) AND w.word >= $2 AND w.word < $3
        AND \(holds("$4")) AND \(holds("$5")) AND \(holds("$6"))
      ORDER BY w.field, w.word, w.name_length, w.ref
      LIMIT $7
      """, .integer(kind.rawValue), .text(lower), .text(upper), .text(needles[0]), .text(needles[1]),
      .text(needles[2]), StoreValue(count))
  }

  public func searchWordCount(_ kind: SearchKind, lower: String, upper: String, cap: Int) throws -> Int {
    let rows = try connection.query(
      """
      SELECT count(*) AS count FROM (
        SELECT 1 FROM search_words WHERE kind = $1 AND field IN (0, 1) AND word >= $2 AND word < $3 LIMIT $4) AS w
      """, .integer(kind.rawValue), .text(lower), .text(upper), StoreValue(cap))
    return rows.first?.int("count") ?? 0
  }
}
