import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// The catalog routes' queries as store requests. `played` is the asker's own plays, most first
/// (a guest keeps none: the name order); a random order without a seed gets a new one (the answer
/// says which).
enum CatalogListing {
  static func albumOrder(_ query: ListQuery, person: Principal, newSeed: () -> UInt32) -> AlbumOrder {
    switch query.sort ?? .name {
    case .name: .name
    case .played: .played(userID: person.userID)
    case .artist: .artist
    case .year: .year
    case .added: .added
    case .random: .random(seed: query.seed ?? newSeed())
    }
  }

  static func artistOrder(_ query: ListQuery, person: Principal, newSeed: () -> UInt32) throws(HTTPError)
    -> ArtistOrder
  {
    guard query.genre == nil else { throw HTTPError(.badRequest, "'genre' filters albums only") }
    switch query.sort ?? .name {
    case .name: return .name
    case .played: return .played(userID: person.userID)
    case .added: return .added
    case .random: return .random(seed: query.seed ?? newSeed())
    case .artist, .year: throw HTTPError(.badRequest, "Artists sort by name, added, random or played")
    }
  }

  static func range(_ query: ListQuery) -> PageRange { PageRange(offset: query.page.offset, limit: query.limit) }
}
