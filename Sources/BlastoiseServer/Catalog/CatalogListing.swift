import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// The catalog routes' queries as store requests. `played` sorts by name until play counts are
/// kept; a random order without a seed gets a new one (the answer says which).
enum CatalogListing {
  static func albumOrder(_ query: ListQuery, newSeed: () -> UInt32) -> AlbumOrder {
    switch query.sort ?? .name {
    case .name, .played: .name
    case .artist: .artist
    case .year: .year
    case .added: .added
    case .random: .random(seed: query.seed ?? newSeed())
    }
  }

  static func artistOrder(_ query: ListQuery, newSeed: () -> UInt32) throws(HTTPError) -> ArtistOrder {
    guard query.genre == nil else { throw HTTPError(.badRequest, "'genre' filters albums only") }
    switch query.sort ?? .name {
    case .name, .played: return .name
    case .added: return .added
    case .random: return .random(seed: query.seed ?? newSeed())
    case .artist, .year: throw HTTPError(.badRequest, "Artists sort by name, added, random or played")
    }
  }

  static func range(_ query: ListQuery) -> PageRange { PageRange(offset: query.page.offset, limit: query.limit) }
}
