/// A track on the wire. `id` is `sha256:` + the file's hex SHA-256 and is the only handle
/// clients use for audio, queues and caches; `title` is never null (file name fallback).
public struct Track: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var filename: String
  public var title: String
  public var artist: String?
  public var album: String?
  public var duration: Double
  public var replayGainDb: Double?
  public var replayPeak: Double?
  public var available: Bool
  /// Additive: the track's cover for `GET /api/covers/:id` (embedded picture, else folder image).
  public var coverID: String?

  // Additive (the catalog's): left out of the JSON when absent, empty or false.
  public var albumArtist: String?
  public var albumId: String?
  public var artistId: String?
  public var trackNumber: Int?
  public var trackTotal: Int?
  public var discNumber: Int?
  public var discTotal: Int?
  public var year: Int?
  public var genres: [String] = []
  public var composer: String?
  public var compilation = false
  public var musicBrainz = MusicBrainzIDs()
  /// Lyrics are tagged: `GET /api/tracks/:trackId/lyrics` has them.
  public var hasLyrics = false
  /// The file's size in bytes and its audio's bit rate in kbit/s (a library track read since
  /// they were kept; absent otherwise).
  public var size: Int64?
  public var bitRate: Int?
  /// ReplayGain album gain (dB) and album peak (linear), when tagged: leveling by album.
  public var albumGainDb: Double?
  public var albumPeak: Double?
  /// The signed-in person's annotation (`Annotated`), left out when absent.
  public var favourite: Bool?
  public var rating: Int?
  public var playCount: Int?
  public var playedAt: Int64?
  /// Additive, in a room's queue only: who added the entry (a username); absent for entries
  /// added before rooms kept it, or by the server (the demo library).
  public var addedBy: String?

  public init(
    id: String, filename: String, title: String, artist: String? = nil, album: String? = nil, duration: Double,
    replayGainDb: Double? = nil, replayPeak: Double? = nil, available: Bool = true,
    coverID: String? = nil
  ) {
    self.id = id
    self.filename = filename
    self.title = title
    self.artist = artist
    self.album = album
    self.duration = duration
    self.replayGainDb = replayGainDb
    self.replayPeak = replayPeak
    self.available = available
    self.coverID = coverID
  }

  enum CodingKeys: String, CodingKey {
    case id, filename, title, artist, album, duration, replayGainDb, replayPeak, available
    case coverID = "coverId"
    case albumArtist, albumId, artistId, trackNumber, trackTotal, discNumber, discTotal, year, genres, composer
    case compilation, musicBrainz, hasLyrics, size, bitRate, albumGainDb, albumPeak
    case favourite, rating, playCount, playedAt, addedBy
  }

  /// Optional fields are written as `null`, as the seed's TypeScript types declare them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(filename, forKey: .filename)
    try container.encode(title, forKey: .title)
    try container.encode(artist, forKey: .artist)
    try container.encode(album, forKey: .album)
    try container.encode(duration, forKey: .duration)
    try container.encode(replayGainDb, forKey: .replayGainDb)
    try container.encode(replayPeak, forKey: .replayPeak)
    try container.encode(available, forKey: .available)
    try container.encode(coverID, forKey: .coverID)
    try container.encodeIfPresent(albumArtist, forKey: .albumArtist)
    try container.encodeIfPresent(albumId, forKey: .albumId)
    try container.encodeIfPresent(artistId, forKey: .artistId)
    try container.encodeIfPresent(trackNumber, forKey: .trackNumber)
    try container.encodeIfPresent(trackTotal, forKey: .trackTotal)
    try container.encodeIfPresent(discNumber, forKey: .discNumber)
    try container.encodeIfPresent(discTotal, forKey: .discTotal)
    try container.encodeIfPresent(year, forKey: .year)
    if !genres.isEmpty { try container.encode(genres, forKey: .genres) }
    try container.encodeIfPresent(composer, forKey: .composer)
    if compilation { try container.encode(true, forKey: .compilation) }
    if !musicBrainz.isEmpty { try container.encode(musicBrainz, forKey: .musicBrainz) }
    if hasLyrics { try container.encode(true, forKey: .hasLyrics) }
    try container.encodeIfPresent(size, forKey: .size)
    try container.encodeIfPresent(bitRate, forKey: .bitRate)
    try container.encodeIfPresent(albumGainDb, forKey: .albumGainDb)
    try container.encodeIfPresent(albumPeak, forKey: .albumPeak)
    try container.encodeIfPresent(favourite, forKey: .favourite)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(playCount, forKey: .playCount)
    try container.encodeIfPresent(playedAt, forKey: .playedAt)
    try container.encodeIfPresent(addedBy, forKey: .addedBy)
  }

  /// Tolerant like the seed's clients: a missing title falls back to the file name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    filename = try container.decodeIfPresent(String.self, forKey: .filename) ?? ""
    title = try container.decodeIfPresent(String.self, forKey: .title) ?? filename
    artist = try container.decodeIfPresent(String.self, forKey: .artist)
    album = try container.decodeIfPresent(String.self, forKey: .album)
    duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0
    replayGainDb = try container.decodeIfPresent(Double.self, forKey: .replayGainDb)
    replayPeak = try container.decodeIfPresent(Double.self, forKey: .replayPeak)
    available = try container.decodeIfPresent(Bool.self, forKey: .available) ?? true
    coverID = try container.decodeIfPresent(String.self, forKey: .coverID)
    albumArtist = try container.decodeIfPresent(String.self, forKey: .albumArtist)
    albumId = try container.decodeIfPresent(String.self, forKey: .albumId)
    artistId = try container.decodeIfPresent(String.self, forKey: .artistId)
    trackNumber = try container.decodeIfPresent(Int.self, forKey: .trackNumber)
    trackTotal = try container.decodeIfPresent(Int.self, forKey: .trackTotal)
    discNumber = try container.decodeIfPresent(Int.self, forKey: .discNumber)
    discTotal = try container.decodeIfPresent(Int.self, forKey: .discTotal)
    year = try container.decodeIfPresent(Int.self, forKey: .year)
    genres = try container.decodeIfPresent([String].self, forKey: .genres) ?? []
    composer = try container.decodeIfPresent(String.self, forKey: .composer)
    compilation = try container.decodeIfPresent(Bool.self, forKey: .compilation) ?? false
    musicBrainz = try container.decodeIfPresent(MusicBrainzIDs.self, forKey: .musicBrainz) ?? MusicBrainzIDs()
    hasLyrics = try container.decodeIfPresent(Bool.self, forKey: .hasLyrics) ?? false
    size = try container.decodeIfPresent(Int64.self, forKey: .size)
    bitRate = try container.decodeIfPresent(Int.self, forKey: .bitRate)
    albumGainDb = try container.decodeIfPresent(Double.self, forKey: .albumGainDb)
    albumPeak = try container.decodeIfPresent(Double.self, forKey: .albumPeak)
    favourite = try container.decodeIfPresent(Bool.self, forKey: .favourite)
    rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    playCount = try container.decodeIfPresent(Int.self, forKey: .playCount)
    playedAt = try container.decodeIfPresent(Int64.self, forKey: .playedAt)
    addedBy = try container.decodeIfPresent(String.self, forKey: .addedBy)
  }
}
