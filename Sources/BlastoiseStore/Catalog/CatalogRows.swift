import BlastoiseProtocol

/// Rows of `albums`, `artists` and `genres` as wire values.
enum CatalogRows {
  static func album(_ row: SQLiteRow) -> Album? {
    guard let id = row.string("id"), let name = row.string("name"), let trackCount = row.int("track_count"),
      let duration = row.double("duration"), let addedAt = row.int64("added_at")
    else { return nil }
    return Album(
      id: id, name: name, artist: row.string("artist"), artistId: row.string("artist_id"), year: row.int("year"),
      genres: NameListColumn.decode(row.string("genres") ?? ""), trackCount: trackCount,
      discCount: row.int("disc_count") ?? 1, duration: duration, compilation: row.bool("compilation") ?? false,
      musicBrainzId: row.string("mb_album_id"), addedAt: addedAt, coverId: row.string("cover_id"))
  }

  static func artist(_ row: SQLiteRow) -> Artist? {
    guard let id = row.string("id"), let name = row.string("name"), let addedAt = row.int64("added_at") else {
      return nil
    }
    return Artist(
      id: id, name: name, albumCount: row.int("album_count") ?? 0, trackCount: row.int("track_count") ?? 0,
      musicBrainzId: row.string("mb_artist_id"), addedAt: addedAt)
  }

  static func genre(_ row: SQLiteRow) -> Genre? {
    guard let id = row.string("id"), let name = row.string("name") else { return nil }
    return Genre(
      id: id, name: name, albumCount: row.int("album_count") ?? 0, trackCount: row.int("track_count") ?? 0)
  }

  /// The `n` of a `SELECT count(*) AS n`.
  static func count(_ row: SQLiteRow?) -> Int { row?.int("n") ?? 0 }
}
