import BlastoiseCore

extension CatalogRefresh {
  /// The artist from the present tracks that credit it — as their artist first, else as their
  /// album artist (the earliest such track names it) — or gone when none does.
  func refreshArtist(_ id: String) throws {
    let asArtist = try connection.queryOne(
      """
      SELECT artist AS name, artist_sort AS sort, mb_artist_id AS mbid, added_at FROM tracks
      WHERE artist_id = ? AND available = 1 ORDER BY rowid LIMIT 1
      """, .text(id))
    let asAlbumArtist = try connection.queryOne(
      """
      SELECT album_credit AS name, album_artist_sort AS sort, mb_album_artist_id AS mbid, added_at FROM tracks
      WHERE album_artist_id = ? AND available = 1 ORDER BY rowid LIMIT 1
      """, .text(id))
    guard let credit = asArtist ?? asAlbumArtist, let name = credit.string("name") else {
      try connection.execute("DELETE FROM artists WHERE id = ?", .text(id))
      try SearchIndex.replace(.artist, ref: id, with: nil, in: connection)
      return
    }
    let albumCount = CatalogRows.count(
      try connection.queryOne("SELECT count(*) AS n FROM albums WHERE artist_id = ?", .text(id)))
    let trackCount = CatalogRows.count(
      try connection.queryOne("SELECT count(*) AS n FROM tracks WHERE artist_id = ? AND available = 1", .text(id)))
    let addedAt = [asArtist, asAlbumArtist].compactMap { $0?.int64("added_at") }.min() ?? 0
    try connection.execute(
      """
      INSERT OR REPLACE INTO artists (id, name, album_count, track_count, mb_artist_id, added_at, name_key,
        shuffle_key)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(id), .text(name), SQLiteValue(albumCount), SQLiteValue(trackCount),
      SQLiteValue(asArtist?.string("mbid") ?? asAlbumArtist?.string("mbid")), .integer(addedAt * 1000),
      .text(SortKey.of(name, sortName: credit.string("sort"))), .integer(ShuffleOrder.key(ofID: id)))
    try SearchIndex.replace(.artist, ref: id, with: SearchEntry(name: name), in: connection)
  }

  /// The genre while a present track has it, named as the first such track spells it.
  func refreshGenre(_ id: String) throws {
    guard
      let name = try connection.queryOne("SELECT name FROM track_genres WHERE genre_id = ? LIMIT 1", .text(id))?
        .string("name")
    else {
      try connection.execute("DELETE FROM genres WHERE id = ?", .text(id))
      return
    }
    let trackCount = CatalogRows.count(
      try connection.queryOne("SELECT count(*) AS n FROM track_genres WHERE genre_id = ?", .text(id)))
    let albumCount = CatalogRows.count(
      try connection.queryOne("SELECT count(*) AS n FROM album_genres WHERE genre_id = ?", .text(id)))
    try connection.execute(
      "INSERT OR REPLACE INTO genres (id, name, name_key, album_count, track_count) VALUES (?, ?, ?, ?, ?)",
      .text(id), .text(name), .text(SortKey.of(name)), SQLiteValue(albumCount), SQLiteValue(trackCount))
  }
}
