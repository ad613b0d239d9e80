import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/fetch…`: URL import through yt-dlp, for users and admins (guests 403). When import is
/// turned off the routes answer 403, when yt-dlp cannot run 503.
struct ImportRoutes: Sendable {
  let imports: ImportService
  let auth: RequestAuthenticator

  /// A confirm lists at most a few hundred entries; a megabyte is plenty.
  static let confirmBody = BodyPolicy.json(maxBytes: 1 << 20)

  func register(on router: inout Router) {
    router.on(.post, "/api/fetch", body: .smallJSON) { request in
      let principal = try auth.require(.importURL, for: request)
      return try await imports.submit(try request.decodeJSON(ImportRequest.self), by: principal)
    }
    router.on(.post, "/api/fetch/confirm", body: Self.confirmBody) { request in
      let principal = try auth.require(.importURL, for: request)
      return .json(try await imports.confirm(try request.decodeJSON(ImportConfirmRequest.self), by: principal))
    }
    router.on(.get, "/api/fetch") { request in
      .json(try await imports.list(for: try auth.require(.importURL, for: request)))
    }
    router.on(.delete, "/api/fetch/:itemId", body: .smallJSON) { request in
      let principal = try auth.require(.importURL, for: request)
      return .json(try await imports.cancel(request.pathParameter("itemId"), by: principal))
    }
    router.on(.delete, "/api/fetch", body: .smallJSON) { request in
      let principal = try auth.require(.importURL, for: request)
      return .json(SuccessResponse(count: try await imports.clearFinished(by: principal)))
    }
  }
}
