import BlastoiseCore
import BlastoiseProtocol

// Rows of `track_rows` (the `tracks` columns but the lyrics), `albums`, `artists` and `genres` as
// the domain's values; both backends' schemas use these column names.

extension Track {
  /// From a `track_rows` row; a track without a title is named after its file.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let filename = row.string("filename"), let duration = row.double("duration")
    else { return nil }
    let tags = CatalogTags(row: row)
    self.init(
      id: id, filename: filename, title: Self.title(row, filename: filename), artist: row.string("artist"),
      album: row.string("album"), duration: duration, replayGainDb: row.double("replay_gain_db"),
      replayPeak: row.double("replay_peak"), available: row.bool("available") ?? false,
      coverID: row.string("cover_id"))
    albumArtist = tags.albumArtist
    albumId = row.string("album_id")
    artistId = row.string("artist_id")
    trackNumber = tags.trackNumber
    trackTotal = tags.trackTotal
    discNumber = tags.discNumber
    discTotal = tags.discTotal
    year = tags.year
    genres = tags.genres
    composer = tags.composer
    compilation = tags.compilation
    musicBrainz = tags.musicBrainz
    hasLyrics = row.bool("has_lyrics") ?? false
    size = row.int64("size")
    bitRate = row.int("bit_rate")
    albumGainDb = tags.albumGainDb
    albumPeak = tags.albumPeak
  }

  /// The title as shown: the tag, else the file name without its extension.
  static func title(_ row: StoreRow, filename: String) -> String {
    row.string("title") ?? AudioFormats.fallbackTitle(forFilename: filename)
  }
}

extension AlbumMember {
  /// A present track of an album (a `track_rows` row), for its summary.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let filename = row.string("filename"), let album = row.string("album"),
      let duration = row.double("duration"), let addedAt = row.int64("added_at")
    else { return nil }
    self.init(
      trackID: id, title: Track.title(row, filename: filename), album: album, albumArtist: row.string("album_credit"),
      albumArtistID: row.string("album_artist_id"), tags: CatalogTags(row: row), duration: duration, addedAt: addedAt,
      coverID: row.string("cover_id"))
  }
}

extension CatalogTags {
  /// The tags as stored; the lyrics are not part of `track_rows`.
  public init(row: StoreRow) {
    self.init(
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
    albumGainDb = row.double("album_gain_db")
    albumPeak = row.double("album_peak")
  }
}

extension Album {
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let name = row.string("name"), let trackCount = row.int("track_count"),
      let duration = row.double("duration"), let addedAt = row.int64("added_at")
    else { return nil }
    self.init(
      id: id, name: name, artist: row.string("artist"), artistId: row.string("artist_id"), year: row.int("year"),
      genres: NameListColumn.decode(row.string("genres") ?? ""), trackCount: trackCount,
      discCount: row.int("disc_count") ?? 1, duration: duration, compilation: row.bool("compilation") ?? false,
      musicBrainzId: row.string("mb_album_id"), addedAt: addedAt, coverId: row.string("cover_id"))
  }
}

extension Artist {
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let name = row.string("name"), let addedAt = row.int64("added_at") else {
      return nil
    }
    self.init(
      id: id, name: name, albumCount: row.int("album_count") ?? 0, trackCount: row.int("track_count") ?? 0,
      musicBrainzId: row.string("mb_artist_id"), addedAt: addedAt)
  }
}

extension Genre {
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let name = row.string("name") else { return nil }
    self.init(id: id, name: name, albumCount: row.int("album_count") ?? 0, trackCount: row.int("track_count") ?? 0)
  }
}

extension StoreRow {
  /// The `n` of a `SELECT count(*) AS n`; 0 without a row.
  public static func count(_ row: StoreRow?) -> Int { row?.int("n") ?? 0 }
}

extension AlbumOrder {
  /// The seed of a random order, which its pages carry.
  public var seed: UInt32? {
    if case .random(let seed) = self { return seed }
    return nil
  }
}

extension ArtistOrder {
  public var seed: UInt32? {
    if case .random(let seed) = self { return seed }
    return nil
  }
}
