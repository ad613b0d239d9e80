import BlastoiseCore

extension CatalogRefresh {
  /// The album from its present tracks (`AlbumSummary`), or gone when it has none; its genres,
  /// search words and its tracks' places in the library's order follow.
  mutating func refreshAlbum(_ id: String) throws {
    let members = try connection.query(
      "SELECT * FROM track_rows WHERE album_id = ? AND available = 1", .text(id)
    ).compactMap(TrackRow.member)
    for old in try connection.query("DELETE FROM album_genres WHERE album_id = ? RETURNING genre_id", .text(id)) {
      if let genre = old.string("genre_id") { genres.insert(genre) }
    }
    if let artist = try connection.queryOne("SELECT artist_id FROM albums WHERE id = ?", .text(id))?.string("artist_id")
    {
      artists.insert(artist)
    }
    guard let summary = AlbumSummary(id: id, members: members) else {
      try connection.execute("DELETE FROM albums WHERE id = ?", .text(id))
      try SearchIndex.replace(.album, ref: id, with: nil, in: connection)
      return
    }
    let album = summary.album
    try connection.execute(
      """
      INSERT OR REPLACE INTO albums (id, name, artist, artist_id, year, genres, track_count, disc_count, duration,
        compilation, mb_album_id, added_at, name_key, artist_key, shuffle_key, cover_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(id), .text(album.name), SQLiteValue(album.artist), SQLiteValue(album.artistId),
      SQLiteValue(album.year), .text(NameListColumn.encode(album.genres)), SQLiteValue(album.trackCount),
      SQLiteValue(album.discCount), .real(album.duration), SQLiteValue(album.compilation),
      SQLiteValue(album.musicBrainzId), .integer(album.addedAt), .text(summary.nameKey), .text(summary.artistKey),
      .integer(ShuffleOrder.key(ofID: id)), SQLiteValue(album.coverId))
    if let artist = album.artistId { artists.insert(artist) }
    for name in album.genres {
      let genre = CatalogKey.genreID(name)
      try connection.execute(
        "INSERT OR IGNORE INTO album_genres (genre_id, album_id) VALUES (?, ?)", .text(genre), .text(id))
      genres.insert(genre)
    }
    try SearchIndex.replace(.album, ref: id, with: SearchEntry(name: album.name, rest: [album.artist]), in: connection)
    for track in summary.tracks {
      try connection.execute(
        "UPDATE tracks SET order_key = ?1 WHERE id = ?2 AND order_key <> ?1", .text(track.orderKey), .text(track.id))
    }
  }
}
