/// What one person keeps about a track, album or artist (additive; "annotations", as Navidrome
/// calls them): a favourite, a rating, how often and when they last played it. Guests keep none.
/// On the wire each field is left out when it has no value (not a favourite, no rating, never
/// played), on the catalog's items as in this answer of its own.
public struct Annotation: Codable, Sendable, Hashable {
  /// When it became a favourite (ms since the epoch); nil: not a favourite.
  public var favouriteAt: Int64?
  /// 1–5 stars; nil: not rated.
  public var rating: Int?
  public var playCount: Int
  /// The last play (ms since the epoch).
  public var playedAt: Int64?

  public init(favouriteAt: Int64? = nil, rating: Int? = nil, playCount: Int = 0, playedAt: Int64? = nil) {
    self.favouriteAt = favouriteAt
    self.rating = rating
    self.playCount = playCount
    self.playedAt = playedAt
  }

  public var favourite: Bool { favouriteAt != nil }
  public var isEmpty: Bool { favouriteAt == nil && rating == nil && playCount == 0 && playedAt == nil }

  enum CodingKeys: String, CodingKey {
    case favourite, rating, playCount, playedAt
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if favourite { try container.encode(true, forKey: .favourite) }
    try container.encodeIfPresent(rating, forKey: .rating)
    if playCount > 0 { try container.encode(playCount, forKey: .playCount) }
    try container.encodeIfPresent(playedAt, forKey: .playedAt)
  }

  /// The wire has no favourite time: a favourite decodes as favourite since 0.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    favouriteAt = try container.decodeIfPresent(Bool.self, forKey: .favourite) == true ? 0 : nil
    rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    playCount = try container.decodeIfPresent(Int.self, forKey: .playCount) ?? 0
    playedAt = try container.decodeIfPresent(Int64.self, forKey: .playedAt)
  }
}

/// What annotations are kept for; the path segment of `/api/favourites/:kind/:id` and
/// `/api/ratings/:kind/:id`.
public enum AnnotatedKind: String, Codable, Sendable, CaseIterable {
  case tracks, albums, artists
}

/// `GET /api/favourites`: the caller's favourites, the most recently chosen first.
public struct Favourites: Codable, Sendable, Equatable {
  public var tracks: [Track]
  public var albums: [Album]
  public var artists: [Artist]

  public init(tracks: [Track] = [], albums: [Album] = [], artists: [Artist] = []) {
    self.tracks = tracks
    self.albums = albums
    self.artists = artists
  }
}

/// `GET /api/plays/recent`: what the caller played last, the latest first.
public struct RecentlyPlayed: Codable, Sendable, Equatable {
  public var tracks: [Track]
  public var albums: [Album]

  public init(tracks: [Track] = [], albums: [Album] = []) {
    self.tracks = tracks
    self.albums = albums
  }
}

/// `PUT /api/ratings/:kind/:id`.
public struct RatingRequest: Codable, Sendable, Equatable {
  /// 1–5.
  public var rating: Int

  enum CodingKeys: String, CodingKey, CaseIterable { case rating }

  public init(rating: Int) { self.rating = rating }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    rating = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .rating)
  }
}

/// `POST /api/plays`: a play the client heard on its own (not in a room), by `PlayRule`.
public struct PlayReport: Codable, Sendable, Equatable {
  public var trackId: String

  enum CodingKeys: String, CodingKey, CaseIterable { case trackId }

  public init(trackId: String) { self.trackId = trackId }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    trackId = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .trackId)
  }
}

/// A track, album or artist as the signed-in person sees it: their annotation's fields beside the
/// item's own (additive, each left out when it has no value).
public protocol Annotated {
  /// Which kind of item it is, for `AnnotationStore` and the routes' `:kind`.
  static var annotatedKind: AnnotatedKind { get }
  var id: String { get }
  var favourite: Bool? { get set }
  var rating: Int? { get set }
  var playCount: Int? { get set }
  var playedAt: Int64? { get set }
}

extension Annotated {
  /// Shows `annotation` on the item (nothing of it when nil or empty).
  public mutating func annotate(_ annotation: Annotation?) {
    favourite = annotation?.favourite == true ? true : nil
    rating = annotation?.rating
    playCount = annotation.flatMap { $0.playCount > 0 ? $0.playCount : nil }
    playedAt = annotation?.playedAt
  }
}

extension Track: Annotated {
  public static var annotatedKind: AnnotatedKind { .tracks }
}

extension Album: Annotated {
  public static var annotatedKind: AnnotatedKind { .albums }
}

extension Artist: Annotated {
  public static var annotatedKind: AnnotatedKind { .artists }
}
