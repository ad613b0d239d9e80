/// One page of a longer list (additive): `items` from `offset`, at most `limit` of them, out of
/// `total`.
public struct Page<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  public var items: [Item]
  public var total: Int
  public var offset: Int
  public var limit: Int
  /// The seed of a random order: send it back (`seed=`) for the next page of the same order.
  public var seed: UInt32?

  public init(items: [Item], total: Int, offset: Int, limit: Int, seed: UInt32? = nil) {
    self.items = items
    self.total = total
    self.offset = offset
    self.limit = limit
    self.seed = seed
  }
}

/// `GET /api/search`: the best matches of each kind, best first.
public struct SearchResults: Codable, Sendable, Equatable {
  public var artists: [Artist]
  public var albums: [Album]
  public var tracks: [Track]

  public init(artists: [Artist] = [], albums: [Album] = [], tracks: [Track] = []) {
    self.artists = artists
    self.albums = albums
    self.tracks = tracks
  }
}

/// `GET /api/tracks/:trackId/lyrics` (additive): the lyrics embedded in the track's tags.
public struct TrackLyrics: Codable, Sendable, Equatable {
  public var lyrics: String

  public init(lyrics: String) { self.lyrics = lyrics }
}
