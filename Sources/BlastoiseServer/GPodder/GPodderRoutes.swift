import BlastoiseCore
import BlastoiseFeeds
import BlastoiseHTTP
import BlastoiseProtocol

/// The gpodder.net v2 API as AntennaPod, gPodder and Kasts use it, and its simple API
/// (`GPodderSync` does the work). Answers are gpodder.net's shapes; errors are ours.
struct GPodderRoutes: Sendable {
  let sync: GPodderSync
  let callers: GPodderAuthenticator
  let clock: any WallClock
  /// Told after a device changed the subscriptions, so their feeds are fetched without waiting.
  let subscriptionsChanged: @Sendable () -> Void

  /// An upload of 1,000 actions with long URLs fits.
  static let uploadBody = BodyPolicy.foreignJSON(maxBytes: 4 << 20)
  static let smallBody = BodyPolicy.foreignJSON(maxBytes: 64 << 10)

  func register(on router: inout Router) {
    let sync = sync
    router.on(.post, APIRoute.gpodderAuth.pattern, body: Self.smallBody) { request in
      try await signedIn(request, user: request.pathParameter("user")) { _ in
        let file = try GPodderFile(request.pathParameter("file"))
        guard file.name == "login" || file.name == "logout" else { throw HTTPError(.notFound, "Not found") }
        return .json(EmptyAnswer())
      }
    }
    router.on(.get, APIRoute.gpodderDevices.pattern) { request in
      try await signedIn(request, owning: [.json]) { person, _ in
        return .json(try await sync.devices(userID: person))
      }
    }
    router.on(.post, APIRoute.gpodderDevice.pattern, body: Self.smallBody) { [clock] request in
      try await signedIn(request, user: request.pathParameter("user")) { person in
        let device = try GPodderFile(request.pathParameter("file")).name
        let update = request.body.isEmpty ? GPodderDeviceUpdate() : try request.decodeJSON(GPodderDeviceUpdate.self)
        try await sync.saveDevice(device, update, userID: person, now: clock.milliseconds())
        return HTTPResponse(status: .ok)
      }
    }
    router.on(.get, APIRoute.gpodderSubscriptions.pattern) { [clock] request in
      try await signedIn(request, user: request.pathParameter("user")) { person in
        let device = try GPodderFile(request.pathParameter("file")).name
        return .json(
          try await sync.changes(
            device: device, since: try Self.since(request), userID: person, now: clock.milliseconds()))
      }
    }
    router.on(.post, APIRoute.gpodderSubscriptions.pattern, body: Self.uploadBody) {
      [clock, subscriptionsChanged] request in
      try await signedIn(request, user: request.pathParameter("user")) { person in
        let device = try GPodderFile(request.pathParameter("file")).name
        let upload = try request.decodeJSON(GPodderSubscriptionUpload.self)
        let result = try await sync.upload(upload, device: device, userID: person, now: clock.milliseconds())
        subscriptionsChanged()
        return .json(result)
      }
    }
    router.on(.get, APIRoute.gpodderEpisodes.pattern) { [clock] request in
      try await signedIn(request, owning: [.json]) { person, _ in
        return .json(
          try await sync.actions(
            since: try Self.since(request), podcast: request.query["podcast"], userID: person, now: clock.milliseconds()
          ))
      }
    }
    router.on(.post, APIRoute.gpodderEpisodes.pattern, body: Self.uploadBody) { [clock] request in
      try await signedIn(request, owning: [.json]) { person, _ in
        let actions = try request.decodeJSON([GPodderEpisodeAction].self)
        return .json(try await sync.upload(actions, userID: person, now: clock.milliseconds()))
      }
    }
    router.on(.get, APIRoute.gpodderSimpleDevice.pattern) { request in
      try await signedIn(request, user: request.pathParameter("user")) { person in
        let file = try GPodderFile(request.pathParameter("file"), allowed: [.json, .txt, .opml])
        try GPodderRules.checkDevice(file.name)
        return Self.list(try await sync.subscriptionList(userID: person), as: file.format)
      }
    }
    router.on(.get, APIRoute.gpodderSimple.pattern) { request in
      try await signedIn(request, owning: [.json, .txt, .opml]) { person, file in
        return Self.list(try await sync.subscriptionList(userID: person), as: file.format)
      }
    }
    router.on(.put, APIRoute.gpodderSimpleDevice.pattern, body: Self.uploadBody) {
      [clock, subscriptionsChanged] request in
      try await signedIn(request, user: request.pathParameter("user")) { person in
        let device = try GPodderFile(request.pathParameter("file")).name
        let urls = try request.decodeJSON([String].self)
        try await sync.replace(urls, device: device, userID: person, now: clock.milliseconds())
        subscriptionsChanged()
        return HTTPResponse(status: .ok)
      }
    }
  }

  /// Runs `body` for the caller's account ID, setting the cookie of a session their credentials
  /// made.
  private func signedIn(
    _ request: HTTPRequest, user: String, _ body: (Int) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    let (person, session) = try await callers.caller(request, user: user)
    var response = try await body(person.userID)
    if let session { callers.issue(session, for: request, on: &response) }
    return response
  }

  /// `signedIn` for paths whose last segment is the caller's own file (`{user}.{format}`):
  /// whose it is is checked before its format, so a stranger learns nothing from a 404.
  private func signedIn(
    _ request: HTTPRequest, owning formats: Set<GPodderFile.Format>,
    _ body: (Int, GPodderFile) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    let segment = request.pathParameter("file")
    return try await signedIn(request, user: GPodderFile.stem(segment)) { person in
      try await body(person, try GPodderFile(segment, allowed: formats))
    }
  }

  /// `?since=` seconds; absent: everything.
  private static func since(_ request: HTTPRequest) throws -> Int64? {
    guard let text = request.query["since"] else { return nil }
    guard let since = Int64(text), since >= 0 else { throw HTTPError(.badRequest, "since is a number of seconds") }
    return since
  }

  private static func list(_ urls: [String], as format: GPodderFile.Format) -> HTTPResponse {
    switch format {
    case .json: return .json(urls)
    case .txt: return .text(urls.map { $0 + "\n" }.joined())
    case .opml:
      let document = OPMLWriter.document(
        title: "Blastoise subscriptions", subscriptions: urls.map { OPMLSubscription(title: nil, feedURL: $0) })
      var response = HTTPResponse.text(document)
      response.headers.set("Content-Type", "text/x-opml; charset=utf-8")
      return response
    }
  }
}

/// `{}`: gpodder.net's answer to calls that return nothing.
struct EmptyAnswer: Encodable {}
