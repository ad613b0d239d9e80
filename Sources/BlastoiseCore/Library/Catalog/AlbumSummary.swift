import BlastoiseProtocol

/// One present track of an album, as its summary needs it.
public struct AlbumMember: Sendable, Equatable {
  public let trackID: String
  /// As shown (the file name when untagged).
  public let title: String
  public let album: String
  /// The album artist it credits (`CatalogPlacement`).
  public let albumArtist: String?
  public let albumArtistID: String?
  public let tags: CatalogTags
  public let duration: Double
  /// Seconds since the epoch.
  public let addedAt: Int64
  public let coverID: String?

  public init(
    trackID: String, title: String, album: String, albumArtist: String?, albumArtistID: String?, tags: CatalogTags,
    duration: Double, addedAt: Int64, coverID: String? = nil
  ) {
    self.trackID = trackID
    self.title = title
    self.album = album
    self.albumArtist = albumArtist
    self.albumArtistID = albumArtistID
    self.tags = tags
    self.duration = duration
    self.addedAt = addedAt
    self.coverID = coverID
  }
}

/// An album as its present tracks make it: the name, artist and sort names of its first track
/// (in disc and track order), the first cover met in that order, the earliest year, its genres by how many tracks have them, and
/// the order its tracks play in.
public struct AlbumSummary: Sendable, Equatable {
  public let album: Album
  public let nameKey: String
  public let artistKey: String
  /// Track IDs in disc and track order, each with the key it sorts by in the library.
  public let tracks: [OrderedTrack]

  /// Nil for an album with no present tracks: it is no longer in the catalog.
  public init?(id: String, members: [AlbumMember]) {
    let ordered = members.sorted(by: Self.playsBefore)
    guard let first = ordered.first else { return nil }
    let compilation = ordered.contains { $0.albumArtist == CatalogPlacement.variousArtists }
    nameKey = SortKey.of(first.album, sortName: first.tags.sortNames.album)
    artistKey = SortKey.of(first.albumArtist, sortName: compilation ? nil : first.tags.sortNames.albumArtist)
    album = Album(
      id: id, name: first.album, artist: first.albumArtist, artistId: first.albumArtistID,
      year: ordered.compactMap(\.tags.year).min(), genres: Self.genres(of: ordered), trackCount: ordered.count,
      discCount: ordered.map { max($0.tags.discNumber ?? 1, $0.tags.discTotal ?? 1) }.max() ?? 1,
      duration: ordered.reduce(0) { $0 + $1.duration }, compilation: compilation,
      musicBrainzId: ordered.lazy.compactMap(\.tags.musicBrainz.album).first,
      addedAt: (ordered.map(\.addedAt).min() ?? 0) * 1000, coverId: ordered.lazy.compactMap(\.coverID).first)
    let prefix = LibraryOrder.albumPrefix(artistKey: artistKey, nameKey: nameKey, albumID: id)
    tracks = ordered.map { member in
      OrderedTrack(
        id: member.trackID,
        orderKey: LibraryOrder.key(
          albumPrefix: prefix, disc: member.tags.discNumber, track: member.tags.trackNumber, title: member.title,
          titleSort: member.tags.sortNames.title))
    }
  }

  /// Disc, then track number (untagged numbers after tagged ones), then title.
  static func playsBefore(_ a: AlbumMember, _ b: AlbumMember) -> Bool {
    let left = (a.tags.discNumber ?? 0, a.tags.trackNumber ?? Int.max, CatalogKey.normalized(a.title), a.trackID)
    let right = (b.tags.discNumber ?? 0, b.tags.trackNumber ?? Int.max, CatalogKey.normalized(b.title), b.trackID)
    return left < right
  }

  /// Each genre once (told apart as `CatalogKey` does), the most common first, ties in the order met.
  static func genres(of members: [AlbumMember]) -> [String] {
    var counts: [String: (name: String, count: Int, first: Int)] = [:]
    for (index, genre) in members.flatMap(\.tags.genres).enumerated() {
      let key = CatalogKey.normalized(genre)
      counts[key, default: (genre, 0, index)].count += 1
    }
    return counts.values.sorted { ($1.count, $0.first) < ($0.count, $1.first) }.map(\.name)
  }
}

/// A track and the key it sorts by in the library (`LibraryOrder`).
public struct OrderedTrack: Sendable, Equatable {
  public let id: String
  public let orderKey: String

  public init(id: String, orderKey: String) {
    self.id = id
    self.orderKey = orderKey
  }
}
