import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `GET /api/albums`, `/api/albums/:id`, `/api/artists`, `/api/artists/:id`, `/api/genres`,
/// `/api/search`: the catalog, for whoever may list the library.
struct CatalogRoutes: Sendable {
  let catalog: any CatalogStore
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    router.on(.get, APIRoute.albums.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let query = try ListQuery(parameters: request.query)
      let order = CatalogListing.albumOrder(query, newSeed: { .random(in: .min ... .max) })
      return .json(try await catalog.albums(order, genreID: query.genre, page: CatalogListing.range(query)))
    }
    router.on(.get, APIRoute.album.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      guard let album = try await catalog.album(id: request.pathParameter("id")) else {
        throw HTTPError(.notFound, "No such album")
      }
      return .json(album)
    }
    router.on(.get, APIRoute.artists.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let query = try ListQuery(parameters: request.query)
      let order = try CatalogListing.artistOrder(query, newSeed: { .random(in: .min ... .max) })
      return .json(try await catalog.artists(order, page: CatalogListing.range(query)))
    }
    router.on(.get, APIRoute.artist.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      guard let artist = try await catalog.artist(id: request.pathParameter("id")) else {
        throw HTTPError(.notFound, "No such artist")
      }
      return .json(artist)
    }
    router.on(.get, APIRoute.genres.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let page = try PageQuery(parameters: request.query)
      return .json(
        try await catalog.genres(page: PageRange(offset: page.offset, limit: page.limit ?? ListQuery.defaultLimit)))
    }
    router.on(.get, APIRoute.search.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let query = try SearchQuery(parameters: request.query)
      guard let terms = SearchTerms(query.text) else { return .json(SearchResults()) }
      return .json(try await catalog.search(terms, limit: query.limit))
    }
  }
}
