/// An artist of the library: the artist or album artist of some present track (additive).
public struct Artist: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var name: String
  /// Albums it is the album artist of.
  public var albumCount: Int
  /// Tracks it is the artist of.
  public var trackCount: Int
  public var musicBrainzId: String?
  /// When its first track joined the library, in milliseconds since the epoch.
  public var addedAt: Int64
  /// The signed-in person's annotation (`Annotated`), left out when absent.
  public var favourite: Bool?
  public var rating: Int?
  public var playCount: Int?
  public var playedAt: Int64?

  public init(
    id: String, name: String, albumCount: Int, trackCount: Int, musicBrainzId: String? = nil, addedAt: Int64
  ) {
    self.id = id
    self.name = name
    self.albumCount = albumCount
    self.trackCount = trackCount
    self.musicBrainzId = musicBrainzId
    self.addedAt = addedAt
  }
}

/// `GET /api/artists/:id`: its albums, and the albums of others it has tracks on.
public struct ArtistDetail: Codable, Sendable, Equatable {
  public var artist: Artist
  /// By year, then name.
  public var albums: [Album]
  /// Compilations and others' albums with a track of this artist, by year, then name.
  public var appearsOn: [Album]

  public init(artist: Artist, albums: [Album], appearsOn: [Album]) {
    self.artist = artist
    self.albums = albums
    self.appearsOn = appearsOn
  }
}

/// A genre the library's present tracks are tagged with (additive).
public struct Genre: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var name: String
  public var albumCount: Int
  public var trackCount: Int

  public init(id: String, name: String, albumCount: Int, trackCount: Int) {
    self.id = id
    self.name = name
    self.albumCount = albumCount
    self.trackCount = trackCount
  }
}
