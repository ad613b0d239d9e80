import BlastoiseProtocol

/// What a track's tags say about where it belongs in the catalog, beyond title, artist and album.
/// Absent values are nil (or empty, or false).
public struct CatalogTags: Sendable, Equatable {
  public var albumArtist: String?
  public var trackNumber: Int?
  public var trackTotal: Int?
  public var discNumber: Int?
  public var discTotal: Int?
  /// As tagged: "1999", "1999-06-12", …
  public var date: String?
  public var genres: [String]
  public var composer: String?
  /// Tagged as a compilation (`CatalogPlacement` also takes an album artist "Various Artists" as one).
  public var compilation: Bool
  public var musicBrainz: MusicBrainzIDs
  public var sortNames: SortNames
  public var lyrics: String?
  /// ReplayGain album gain in dB and album peak (linear), for leveling by album.
  public var albumGainDb: Double?
  public var albumPeak: Double?

  public init(
    albumArtist: String? = nil, trackNumber: Int? = nil, trackTotal: Int? = nil, discNumber: Int? = nil,
    discTotal: Int? = nil, date: String? = nil, genres: [String] = [], composer: String? = nil,
    compilation: Bool = false, musicBrainz: MusicBrainzIDs = MusicBrainzIDs(), sortNames: SortNames = SortNames(),
    lyrics: String? = nil
  ) {
    self.albumArtist = albumArtist
    self.trackNumber = trackNumber
    self.trackTotal = trackTotal
    self.discNumber = discNumber
    self.discTotal = discTotal
    self.date = date
    self.genres = genres
    self.composer = composer
    self.compilation = compilation
    self.musicBrainz = musicBrainz
    self.sortNames = sortNames
    self.lyrics = lyrics
  }

  /// The year the date begins with ("1999-06-12" → 1999); nil without one.
  public var year: Int? {
    guard let date else { return nil }
    let digits = date.prefix { $0.isASCII && $0.isNumber }
    guard digits.count == 4, let year = Int(digits), year > 0 else { return nil }
    return year
  }
}

/// How the tags say a name sorts ("Beatles, The").
public struct SortNames: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var albumArtist: String?

  public init(title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil) {
    self.title = title
    self.artist = artist
    self.album = album
    self.albumArtist = albumArtist
  }
}
