import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/progress…`: where each person got to in episodes and books. Needs `listen` and an
/// account (guests get 403). Reports older than what is stored change nothing and answer what is
/// stored, so a client always learns the position that won.
struct ProgressRoutes: Sendable {
  let progress: any ProgressStore
  /// Finds the episodes of "Continue listening" (`GET /api/progress`).
  let podcasts: PodcastService
  let auth: RequestAuthenticator
  let clock: any WallClock

  /// `GET /api/progress` answers `limit` (1–500), 20 without one.
  static let listDefault = 20

  func register(on router: inout Router) {
    let progress = progress
    router.on(.get, APIRoute.progressItem.pattern) { request in
      let person = try await person(request)
      let (kind, id) = try Self.item(request)
      guard let found = try await progress.progress(kind: kind, ids: [id], userID: person)[id] else {
        throw HTTPError(.notFound, "No progress in that \(kind == .books ? "book" : "episode") yet")
      }
      return .json(found)
    }
    router.on(.put, APIRoute.progressItem.pattern, body: .smallJSON) { [clock] request in
      let person = try await person(request)
      let (kind, id) = try Self.item(request)
      let report = try request.decodeJSON(ProgressReport.self)
      return .json(try await progress.report(report, kind: kind, id: id, userID: person, now: clock.milliseconds()))
    }
    // "Mark as new" is a report of the start, so that a device's older report cannot undo it.
    router.on(.delete, APIRoute.progressItem.pattern, body: .smallJSON) { [clock] request in
      let person = try await person(request)
      let (kind, id) = try Self.item(request)
      let start = ProgressReport(position: 0, finished: false)
      return .json(try await progress.report(start, kind: kind, id: id, userID: person, now: clock.milliseconds()))
    }
    router.on(.get, APIRoute.progress.pattern) { [podcasts] request in
      let person = try await person(request)
      let limit = try PageQuery(parameters: request.query).limit ?? Self.listDefault
      let unfinished = try await progress.unfinished(userID: person, limit: limit)
      return .json(
        ProgressList(progress: unfinished, episodes: try await podcasts.continuing(unfinished, userID: person)))
    }
  }

  private func person(_ request: HTTPRequest) async throws -> Int {
    try await auth.account(.listen, for: request, guestRefusal: "Guests keep no listening progress")
  }

  /// The `:kind` and `:id` of a progress route (the bookmarks' too), checked.
  static func item(_ request: HTTPRequest) throws -> (ProgressKind, String) {
    let kind = try ListeningRule.kind(request.pathParameter("kind"))
    let id = request.pathParameter("id")
    try ProgressRule.checkID(id)
    return (kind, id)
  }
}
