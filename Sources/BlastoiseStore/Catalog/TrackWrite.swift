import BlastoiseCore
import BlastoiseProtocol

/// A scanned track's row: its tags, and what follows from them alone — where it sits in the
/// catalog, and its key in the library's order when it is on no album.
enum TrackWrite {
  static func upsert(_ track: ScannedTrack, addedAt: Int64, in connection: SQLiteConnection) throws {
    let tags = track.catalog
    let placement = CatalogPlacement(artist: track.artist, album: track.album, tags: tags)
    let filename = Self.filename(of: track.file.path)
    let title = track.title ?? AudioFormats.fallbackTitle(forFilename: filename)
    let orderKey = LibraryOrder.key(
      artist: track.artist, artistSort: tags.sortNames.artist, title: title, titleSort: tags.sortNames.title)
    try connection.execute(
      """
      INSERT INTO tracks (id, filename, title, artist, album, duration, replay_gain_db, replay_peak, added_at,
        album_artist, track_number, track_total, disc_number, disc_total, date, genres, composer, compilation,
        mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, title_sort, artist_sort, album_sort,
        album_artist_sort, lyrics, album_id, album_credit, album_artist_id, artist_id, order_key, cover_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(id) DO UPDATE SET title = excluded.title, artist = excluded.artist, album = excluded.album,
        duration = excluded.duration, replay_gain_db = excluded.replay_gain_db, replay_peak = excluded.replay_peak,
        album_artist = excluded.album_artist, track_number = excluded.track_number,
        track_total = excluded.track_total, disc_number = excluded.disc_number, disc_total = excluded.disc_total,
        date = excluded.date, genres = excluded.genres, composer = excluded.composer,
        compilation = excluded.compilation, mb_track_id = excluded.mb_track_id, mb_album_id = excluded.mb_album_id,
        mb_artist_id = excluded.mb_artist_id, mb_album_artist_id = excluded.mb_album_artist_id,
        title_sort = excluded.title_sort, artist_sort = excluded.artist_sort, album_sort = excluded.album_sort,
        album_artist_sort = excluded.album_artist_sort, lyrics = excluded.lyrics, album_id = excluded.album_id,
        album_credit = excluded.album_credit, album_artist_id = excluded.album_artist_id,
        artist_id = excluded.artist_id, order_key = excluded.order_key,
        -- The same bytes at a second path whose folder has no image keep the cover found.
        cover_id = coalesce(excluded.cover_id, cover_id)
      """, .text(track.trackID), .text(filename), SQLiteValue(track.title), SQLiteValue(track.artist),
      SQLiteValue(track.album), .real(track.duration), SQLiteValue(track.replayGainDb), SQLiteValue(track.replayPeak),
      .integer(addedAt), SQLiteValue(tags.albumArtist), SQLiteValue(tags.trackNumber), SQLiteValue(tags.trackTotal),
      SQLiteValue(tags.discNumber), SQLiteValue(tags.discTotal), SQLiteValue(tags.date),
      .text(NameListColumn.encode(tags.genres)), SQLiteValue(tags.composer), SQLiteValue(tags.compilation),
      SQLiteValue(tags.musicBrainz.track), SQLiteValue(tags.musicBrainz.album), SQLiteValue(tags.musicBrainz.artist),
      SQLiteValue(tags.musicBrainz.albumArtist), SQLiteValue(tags.sortNames.title), SQLiteValue(tags.sortNames.artist),
      SQLiteValue(tags.sortNames.album), SQLiteValue(tags.sortNames.albumArtist), SQLiteValue(tags.lyrics),
      SQLiteValue(placement.albumID), SQLiteValue(placement.albumArtist), SQLiteValue(placement.albumArtistID),
      SQLiteValue(placement.artistID), .text(orderKey), SQLiteValue(track.coverID))
  }

  /// The last path component, split by scalar: a slash followed by a combining mark is one
  /// Character that is not "/", yet the file system sees the slash (`uploads/\u{338}.wav`).
  private static func filename(of path: String) -> String {
    path.unicodeScalars.split(separator: "/").last.map { String(Substring($0)) } ?? path
  }
}
