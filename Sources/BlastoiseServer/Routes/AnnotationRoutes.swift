import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/favourites…`, `/api/ratings…`, `/api/plays…`, `/api/annotations/:kind`: what each person keeps about tracks,
/// albums and artists. Needs `listen` and an account: guests are refused (403), since they have
/// no lasting identity to keep it for.
struct AnnotationRoutes: Sendable {
  let annotations: any AnnotationStore
  let auth: RequestAuthenticator
  let clock: any WallClock

  /// At most this many of each kind in `GET /api/favourites`; `GET /api/plays/recent` answers
  /// `limit` (1–500) of each kind, 20 without one.
  static let favouritesLimit = 500
  static let recentDefault = 20

  func register(on router: inout Router) {
    let annotations = annotations
    for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
      router.on(method, APIRoute.favourite.pattern, body: .smallJSON) { [clock] request in
        let person = try await person(request)
        let (kind, id) = try Self.item(request)
        let time = clock.milliseconds()
        let found = try await annotations.setFavourite(favourite, kind: kind, id: id, userID: person, at: time)
        return .json(try await Self.annotation(found, kind, id, person, annotations))
      }
    }
    router.on(.put, APIRoute.rating.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let (kind, id) = try Self.item(request)
      let rating = try request.decodeJSON(RatingRequest.self).rating
      guard (1...5).contains(rating) else { throw HTTPError(.badRequest, "'rating' is 1 to 5") }
      let found = try await annotations.setRating(rating, kind: kind, id: id, userID: person)
      return .json(try await Self.annotation(found, kind, id, person, annotations))
    }
    router.on(.delete, APIRoute.rating.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let (kind, id) = try Self.item(request)
      let found = try await annotations.setRating(nil, kind: kind, id: id, userID: person)
      return .json(try await Self.annotation(found, kind, id, person, annotations))
    }
    router.on(.get, APIRoute.favourites.pattern) { request in
      let person = try await person(request)
      return .json(try await annotations.favourites(userID: person, limit: Self.favouritesLimit))
    }
    router.on(.get, APIRoute.annotations.pattern) { request in
      let person = try await person(request)
      guard let kind = AnnotatedKind(rawValue: request.pathParameter("kind")) else { throw Self.badKind }
      return .json(try await annotations.annotations(kind: kind, userID: person))
    }
    router.on(.post, APIRoute.plays.pattern, body: .smallJSON) { [clock] request in
      let person = try await person(request)
      let track = try request.decodeJSON(PlayReport.self).trackId
      let time = clock.milliseconds()
      let found = try await annotations.recordPlay(trackID: track, userID: person, at: time)
      return .json(try await Self.annotation(found, .tracks, track, person, annotations))
    }
    router.on(.get, APIRoute.recentPlays.pattern) { request in
      let person = try await person(request)
      let limit = try PageQuery(parameters: request.query).limit ?? Self.recentDefault
      return .json(try await annotations.recentlyPlayed(userID: person, limit: limit))
    }
  }

  /// The caller's user ID: `listen`, and an account.
  private func person(_ request: HTTPRequest) async throws -> Int {
    try await auth.account(.listen, for: request, guestRefusal: "Guests keep no favourites, ratings or plays")
  }

  private static func item(_ request: HTTPRequest) throws(HTTPError) -> (AnnotatedKind, String) {
    guard let kind = AnnotatedKind(rawValue: request.pathParameter("kind")) else { throw badKind }
    return (kind, request.pathParameter("id"))
  }

  private static let badKind = HTTPError(.badRequest, "The kind is tracks, albums or artists")

  /// The item's annotation after a change; 404 when the library has no such item.
  private static func annotation(
    _ found: Bool, _ kind: AnnotatedKind, _ id: String, _ person: Int, _ annotations: any AnnotationStore
  ) async throws -> Annotation {
    guard found else { throw HTTPError(.notFound, "No such \(kind.rawValue.dropLast())") }
    return try await annotations.annotations(kind: kind, ids: [id], userID: person)[id] ?? Annotation()
  }
}
