/// An album of the library, derived from its tracks' tags (additive: the seed had no albums).
/// Fields without a value are left out.
public struct Album: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var name: String
  /// The album artist; "Various Artists" for compilations; absent when no track names one.
  public var artist: String?
  public var artistId: String?
  /// The earliest year its tracks are tagged with.
  public var year: Int?
  /// Its tracks' genres, the most common first.
  public var genres: [String]
  /// Tracks whose files are present.
  public var trackCount: Int
  public var discCount: Int
  /// Seconds, all tracks together.
  public var duration: Double
  public var compilation: Bool
  public var musicBrainzId: String?
  /// When its first track joined the library, in milliseconds since the epoch.
  public var addedAt: Int64
  /// The cover of its first track (in disc and track order) that has one, for `GET /api/covers/:id`.
  public var coverId: String?
  /// The signed-in person's annotation (`Annotated`), left out when absent.
  public var favourite: Bool?
  public var rating: Int?
  public var playCount: Int?
  public var playedAt: Int64?

  public init(
    id: String, name: String, artist: String? = nil, artistId: String? = nil, year: Int? = nil, genres: [String] = [],
    trackCount: Int, discCount: Int = 1, duration: Double, compilation: Bool = false, musicBrainzId: String? = nil,
    addedAt: Int64, coverId: String? = nil
  ) {
    self.id = id
    self.name = name
    self.artist = artist
    self.artistId = artistId
    self.year = year
    self.genres = genres
    self.trackCount = trackCount
    self.discCount = discCount
    self.duration = duration
    self.compilation = compilation
    self.musicBrainzId = musicBrainzId
    self.addedAt = addedAt
    self.coverId = coverId
  }
}

/// `GET /api/albums/:id`: the album and its tracks in disc and track order.
public struct AlbumDetail: Codable, Sendable, Equatable {
  public var album: Album
  public var tracks: [Track]

  public init(album: Album, tracks: [Track]) {
    self.album = album
    self.tracks = tracks
  }
}
