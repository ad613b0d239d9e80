/// MusicBrainz identifiers of a track (lower-case UUIDs), as tagged.
public struct MusicBrainzIDs: Codable, Sendable, Hashable {
  public var track: String?
  public var album: String?
  public var artist: String?
  public var albumArtist: String?

  public init(track: String? = nil, album: String? = nil, artist: String? = nil, albumArtist: String? = nil) {
    self.track = track
    self.album = album
    self.artist = artist
    self.albumArtist = albumArtist
  }

  public var isEmpty: Bool { self == MusicBrainzIDs() }

  enum CodingKeys: String, CodingKey {
    case track = "trackId"
    case album = "albumId"
    case artist = "artistId"
    case albumArtist = "albumArtistId"
  }
}
