import BlastoiseCore

/// A scanned track's `tracks` row: its tags, and what follows from them alone — where it sits in
/// the catalog, and its key in the library's order when it is on no album. Both backends bind
/// these values in this order to an upsert that lists the columns so.
public enum TrackColumns {
  /// The columns `values(of:addedAt:)` fills, in its order.
  public static let names = [
    "id", "filename", "title", "artist", "album", "duration", "replay_gain_db", "replay_peak", "added_at",
    "album_artist", "track_number", "track_total", "disc_number", "disc_total", "date", "genres", "composer",
    "compilation", "mb_track_id", "mb_album_id", "mb_artist_id", "mb_album_artist_id", "title_sort", "artist_sort",
    "album_sort", "album_artist_sort", "lyrics", "album_id", "album_credit", "album_artist_id", "artist_id",
    "order_key", "cover_id", "size", "bit_rate", "album_gain_db", "album_peak",
  ]

  public static func values(of track: ScannedTrack, addedAt: Int64) -> [StoreValue] {
    let tags = track.catalog
    let placement = CatalogPlacement(artist: track.artist, album: track.album, tags: tags)
    let filename = LibraryPaths.filename(of: track.file.path)
    let title = track.title ?? AudioFormats.fallbackTitle(forFilename: filename)
    let orderKey = LibraryOrder.key(
      artist: track.artist, artistSort: tags.sortNames.artist, title: title, titleSort: tags.sortNames.title)
    return [
      .text(track.trackID), .text(filename), StoreValue(track.title), StoreValue(track.artist),
      StoreValue(track.album), .real(track.duration), StoreValue(track.replayGainDb), StoreValue(track.replayPeak),
      .integer(addedAt), StoreValue(tags.albumArtist), StoreValue(tags.trackNumber), StoreValue(tags.trackTotal),
      StoreValue(tags.discNumber), StoreValue(tags.discTotal), StoreValue(tags.date),
      .text(NameListColumn.encode(tags.genres)), StoreValue(tags.composer), StoreValue(tags.compilation),
      StoreValue(tags.musicBrainz.track), StoreValue(tags.musicBrainz.album), StoreValue(tags.musicBrainz.artist),
      StoreValue(tags.musicBrainz.albumArtist), StoreValue(tags.sortNames.title), StoreValue(tags.sortNames.artist),
      StoreValue(tags.sortNames.album), StoreValue(tags.sortNames.albumArtist), StoreValue(tags.lyrics),
      StoreValue(placement.albumID), StoreValue(placement.albumArtist), StoreValue(placement.albumArtistID),
      StoreValue(placement.artistID), .text(orderKey), StoreValue(track.coverID), .integer(track.file.size),
      StoreValue(track.bitRate), StoreValue(tags.albumGainDb), StoreValue(tags.albumPeak),
    ]
  }
}
