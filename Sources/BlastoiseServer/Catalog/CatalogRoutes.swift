import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `GET /api/albums`, `/api/albums/:id`, `/api/artists`, `/api/artists/:id`, `/api/genres`,
/// `/api/search`: the catalog, for whoever may list the library. Answers are cached until the
/// library changes (`AnswerCache`), but for a random order without a seed, drawn anew each time.
/// A signed-in person (not a guest) sees their annotations on the items (`PersonalAnswer`), read
/// anew for each answer and put into the store's read encoded once (`EncodedRead`), which is
/// cached as a guest's answer is (but for their own `played` order).
struct CatalogRoutes: Sendable {
  let catalog: any CatalogStore
  let annotations: any AnnotationStore
  let library: LibraryService
  let auth: RequestAuthenticator
  /// Guests' answers, encoded.
  let answers = AnswerCache<HTTPResponse>(capacityBytes: 16 << 20)
  /// Signed-in people's reads, encoded, shown to each with their own annotations. 24 MiB: the
  /// 2,000 searches bench/catalog repeats weigh ~20 MB, and at 8 MiB every one was read again.
  let reads = AnswerCache<EncodedRead>(capacityBytes: 24 << 20)

  func register(on router: inout Router) {
    let catalog = catalog
    get(APIRoute.albums, on: &router) { request, principal in
      let query = try ListQuery(parameters: request.query)
      let order = CatalogListing.albumOrder(query, person: principal, newSeed: Self.newSeed)
      return try await catalog.albums(order, genreID: query.genre, page: CatalogListing.range(query))
    }
    get(APIRoute.album, on: &router) { request, _ in
      try Self.found(try await catalog.album(id: request.pathParameter("id")), "No such album")
    }
    get(APIRoute.artists, on: &router) { request, principal in
      let query = try ListQuery(parameters: request.query)
      let order = try CatalogListing.artistOrder(query, person: principal, newSeed: Self.newSeed)
      return try await catalog.artists(order, page: CatalogListing.range(query))
    }
    get(APIRoute.artist, on: &router) { request, _ in
      try Self.found(try await catalog.artist(id: request.pathParameter("id")), "No such artist")
    }
    get(APIRoute.genres, on: &router) { request, _ in
      let page = try PageQuery(parameters: request.query)
      return try await catalog.genres(page: PageRange(offset: page.offset, limit: page.limit ?? ListQuery.defaultLimit))
    }
    get(APIRoute.search, on: &router) { request, _ in
      let query = try SearchQuery(parameters: request.query)
      guard let terms = SearchTerms(query.text) else { return SearchResults() }
      return try await catalog.search(terms, limit: query.limit)
    }
  }

  /// A GET that needs `listen`, answered with `answer`'s JSON (a signed-in person's with their
  /// annotations on it, `EncodedRead`).
  private func get<Answer: Encodable & Sendable>(
    _ route: APIRoute, on router: inout Router,
    _ answer: @escaping @Sendable (HTTPRequest, Principal) async throws -> Answer
  ) {
    router.on(.get, route.pattern) { [auth, answers, reads, library, annotations] request in
      let principal = try await auth.require(.listen, for: request)
      let generation = library.generation
      let view = principal.role == .guest ? nil : PersonalView(annotations: annotations, userID: principal.userID)
      guard Self.cacheable(request, principal) else {
        return try await EncodedRead(try await answer(request, principal)).shown(to: view)
      }
      guard let view else {
        return try await answers.answer(Self.key(request), generation: generation) {
          .json(try await answer(request, principal))
        }
      }
      let key = Self.key(request)
      if let cached = reads.cached(key, generation: generation) { return try await cached.shown(to: view) }
      let read = try EncodedRead(try await answer(request, principal))
      reads.keep(read, bytes: read.weight, for: key, generation: generation)
      return try await read.shown(to: view)
    }
  }

  /// Whether the answer holds until the library changes: not a random order drawn anew, nor the
  /// asker's own `played` order (their next play changes it).
  private static func cacheable(_ request: HTTPRequest, _ principal: Principal) -> Bool {
    switch request.query["sort"] {
    case CatalogSort.random.rawValue: request.query["seed"] != nil
    case CatalogSort.played.rawValue: principal.role == .guest
    default: true
    }
  }

  /// The path and the query, its parameters in order.
  static func key(_ request: HTTPRequest) -> String {
    request.path + "?" + request.query.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "&")
  }

  private static func found<Value>(_ value: Value?, _ message: String) throws -> Value {
    guard let value else { throw HTTPError(.notFound, message) }
    return value
  }

  private static func newSeed() -> UInt32 { .random(in: .min ... .max) }
}
