import BlastoiseCore
import BlastoiseProtocol

/// Rows of `track_rows` (the `tracks` columns but the lyrics) as the domain's values.
enum TrackRow {
  static func track(_ row: SQLiteRow) -> Track? {
    guard let id = row.string("id"), let filename = row.string("filename"), let duration = row.double("duration")
    else { return nil }
    let tags = catalogTags(row)
    var track = Track(
      id: id, filename: filename, title: title(row, filename: filename), artist: row.string("artist"),
      album: row.string("album"), duration: duration, replayGainDb: row.double("replay_gain_db"),
      replayPeak: row.double("replay_peak"), available: row.bool("available") ?? false,
      coverID: row.string("cover_id"))
    track.albumArtist = tags.albumArtist
    track.albumId = row.string("album_id")
    track.artistId = row.string("artist_id")
    track.trackNumber = tags.trackNumber
    track.trackTotal = tags.trackTotal
    track.discNumber = tags.discNumber
    track.discTotal = tags.discTotal
    track.year = tags.year
    track.genres = tags.genres
    track.composer = tags.composer
    track.compilation = tags.compilation
    track.musicBrainz = tags.musicBrainz
    track.hasLyrics = row.bool("has_lyrics") ?? false
    return track
  }

  /// A present track of an album, for its summary.
  static func member(_ row: SQLiteRow) -> AlbumMember? {
    guard let id = row.string("id"), let filename = row.string("filename"), let album = row.string("album"),
      let duration = row.double("duration"), let addedAt = row.int64("added_at")
    else { return nil }
    return AlbumMember(
      trackID: id, title: title(row, filename: filename), album: album, albumArtist: row.string("album_credit"),
      albumArtistID: row.string("album_artist_id"), tags: catalogTags(row), duration: duration, addedAt: addedAt,
      coverID: row.string("cover_id"))
  }

  /// The tags as stored; the lyrics are not part of `track_rows`.
  static func catalogTags(_ row: SQLiteRow) -> CatalogTags {
    CatalogTags(
      albumArtist: row.string("album_artist"), trackNumber: row.int("track_number"),
      trackTotal: row.int("track_total"), discNumber: row.int("disc_number"), discTotal: row.int("disc_total"),
      date: row.string("date"), genres: NameListColumn.decode(row.string("genres") ?? ""),
      composer: row.string("composer"), compilation: row.bool("compilation") ?? false,
      musicBrainz: MusicBrainzIDs(
        track: row.string("mb_track_id"), album: row.string("mb_album_id"), artist: row.string("mb_artist_id"),
        albumArtist: row.string("mb_album_artist_id")),
      sortNames: SortNames(
        title: row.string("title_sort"), artist: row.string("artist_sort"), album: row.string("album_sort"),
        albumArtist: row.string("album_artist_sort")))
  }

  private static func title(_ row: SQLiteRow, filename: String) -> String {
    row.string("title") ?? AudioFormats.fallbackTitle(forFilename: filename)
  }
}
