import BlastoiseProtocol

/// Which part of a list: `limit` items from `offset`.
public struct PageRange: Sendable, Equatable {
  public let offset: Int
  public let limit: Int

  public init(offset: Int, limit: Int) {
    self.offset = offset
    self.limit = limit
  }
}

/// Orders of the album list. Names sort by their sort keys (`SortKey`), ties by ID; `random`
/// is the same order for the same seed, so pages of it fit together.
public enum AlbumOrder: Sendable, Equatable {
  /// By name.
  case name
  /// By album artist, then year, then name.
  case artist
  /// Oldest first, then name; albums without a year last.
  case year
  /// Most recently added first.
  case added
  case random(seed: UInt32)
  /// Most played by this person first (`AnnotationStore`), then by name. A guest (user ID 0)
  /// has no plays, so this is the name order for them.
  case played(userID: Int)
}

public enum ArtistOrder: Sendable, Equatable {
  case name
  /// Most recently added first.
  case added
  case random(seed: UInt32)
  /// Most played by this person first, then by name.
  case played(userID: Int)
}

/// The catalog the scan derives from the tracks' tags: albums, artists and genres of the present
/// tracks, and search over them. Written by `LibraryStore.apply`, in the same transaction as the
/// tracks, so it never disagrees with them.
public protocol CatalogStore: Sendable {
  /// Albums in `order`, optionally only those with a track of the genre `genreID`.
  func albums(_ order: AlbumOrder, genreID: String?, page: PageRange) async throws -> Page<Album>
  /// The album and its present tracks in disc and track order.
  func album(id: String) async throws -> AlbumDetail?
  func artists(_ order: ArtistOrder, page: PageRange) async throws -> Page<Artist>
  /// The artist, its albums and those it appears on.
  func artist(id: String) async throws -> ArtistDetail?
  /// Genres by name.
  func genres(page: PageRange) async throws -> Page<Genre>
  /// At most `limit` of each kind, best first (`SearchTerms.ranked`).
  func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults
}
