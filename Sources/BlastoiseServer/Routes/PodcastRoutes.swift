import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/podcasts…`: the caller's podcasts (`PodcastService`). Every route needs `listen` and an
/// account (guests get 403: they keep no subscriptions).
struct PodcastRoutes: Sendable {
  let podcasts: PodcastService
  let auth: RequestAuthenticator

  /// An OPML file of a few thousand feeds fits.
  static let opmlBody = BodyPolicy.json(maxBytes: 4 << 20)
  static let guestRefusal = "Guests have no podcasts"

  func register(on router: inout Router) {
    let podcasts = podcasts
    // Before `/api/podcasts/:id`, which would take "opml" as an ID.
    router.on(.get, APIRoute.podcastsOPML.pattern) { request in
      var response = HTTPResponse.text(try await podcasts.exportOPML(userID: try await person(request)))
      response.headers.set("Content-Type", "text/x-opml; charset=utf-8")
      return response
    }
    router.on(.post, APIRoute.podcastsOPML.pattern, body: Self.opmlBody) { request in
      let person = try await person(request)
      let upload = try request.decodeJSON(PodcastOPMLImport.self)
      return .json(try await podcasts.importOPML(upload.opml, userID: person))
    }
    router.on(.get, APIRoute.podcasts.pattern) { request in
      .json(try await podcasts.list(userID: try await person(request)))
    }
    router.on(.post, APIRoute.podcasts.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let subscribe = try request.decodeJSON(PodcastSubscribeRequest.self)
      let (podcast, created) = try await podcasts.subscribe(subscribe.url, userID: person)
      return .json(podcast, status: created ? .created : .ok)
    }
    router.on(.delete, APIRoute.podcast.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      try await podcasts.unsubscribe(id: request.pathParameter("id"), userID: person)
      return HTTPResponse(status: .noContent)
    }
    router.on(.patch, APIRoute.podcast.pattern, body: .smallJSON) { request in
      let principal = try await auth.require(.listen, for: request)
      guard principal.role != .guest else { throw HTTPError(.forbidden, Self.guestRefusal) }
      let settings = try request.decodeJSON(PodcastSettingsRequest.self)
      guard settings.keepLatest != nil || settings.refreshMinutes != nil else {
        throw HTTPError(.badRequest, "Send keepLatest, refreshMinutes or both")
      }
      let id = request.pathParameter("id")
      try PodcastService.check(settings)
      if let minutes = settings.refreshMinutes {
        try await podcasts.setRefreshMinutes(minutes == 0 ? nil : minutes, id: id, principal: principal)
      }
      if let count = settings.keepLatest { try await podcasts.setKeepLatest(count, id: id, principal: principal) }
      return .json(settings)
    }
    router.on(.get, APIRoute.podcastEpisodeChapters.pattern) { request in
      let person = try await person(request)
      return .json(
        EpisodeChapters(
          chapters: try await podcasts.chapters(
            id: request.pathParameter("id"), guid: request.pathParameter("guid"), userID: person)))
    }
    router.on(.post, APIRoute.podcastEpisodeDownload.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      try await podcasts.requestDownload(
        id: request.pathParameter("id"), guid: request.pathParameter("guid"), userID: person)
      return HTTPResponse(status: 202)
    }
    router.on(.get, APIRoute.podcastEpisodes.pattern) { request in
      let person = try await person(request)
      let page = try PageQuery(parameters: request.query)
      return .json(try await podcasts.episodes(id: request.pathParameter("id"), page: page, userID: person))
    }
    router.on(.post, APIRoute.podcastRefresh.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      return .json(try await podcasts.refresh(id: request.pathParameter("id"), userID: person))
    }
  }

  private func person(_ request: HTTPRequest) async throws -> Int {
    try await auth.account(.listen, for: request, guestRefusal: Self.guestRefusal)
  }
}
