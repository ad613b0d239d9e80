/// Where one track belongs in the catalog, from its own tags. Its album is keyed by the
/// MusicBrainz album ID when tagged, else by album artist and album name, so one album spans
/// its discs; compilations sit under "Various Artists". A track without an album tag is on no
/// album.
public struct CatalogPlacement: Sendable, Equatable {
  public static let variousArtists = "Various Artists"

  public let albumID: String?
  /// The album's artist as shown: "Various Artists" for a compilation, else the album artist
  /// tag, else the track's artist. Nil for a track on no album.
  public let albumArtist: String?
  public let albumArtistID: String?
  public let artistID: String?

  public init(artist: String?, album: String?, tags: CatalogTags) {
    artistID = artist.map(CatalogKey.artistID)
    guard let album else {
      albumID = nil
      albumArtist = nil
      albumArtistID = nil
      return
    }
    let credited = Self.isCompilation(tags) ? Self.variousArtists : tags.albumArtist ?? artist
    albumArtist = credited
    albumArtistID = credited.map(CatalogKey.artistID)
    if let musicBrainz = tags.musicBrainz.album {
      albumID = CatalogKey.id("album\u{0}musicbrainz\u{0}" + musicBrainz)
    } else {
      albumID = CatalogKey.id(
        "album\u{0}" + CatalogKey.normalized(credited ?? "") + "\u{0}" + CatalogKey.normalized(album))
    }
  }

  static func isCompilation(_ tags: CatalogTags) -> Bool {
    tags.compilation
      || tags.albumArtist.map { CatalogKey.normalized($0) == CatalogKey.normalized(variousArtists) } == true
  }
}
