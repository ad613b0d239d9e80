import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol

/// `GET /api/covers/:id`: a cover by ID, for whoever may read the library. A cover's bytes never
/// change under its ID, so every answer is cacheable for good.
struct CoverRoutes: Sendable {
  let covers: CoverVariants
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    router.on(.get, APIRoute.cover.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      return try await cover(request)
    }
  }

  private func cover(_ request: HTTPRequest) async throws -> HTTPResponse {
    let wanted = try CoverRequest(query: request.query, accept: request.headers["Accept"])
    var response = try await Self.response(
      request.pathParameter("id"), size: wanted.size, format: wanted.format, covers: covers, to: request)
    if wanted.negotiated { response.headers.add("Vary", "Accept") }
    return response
  }

  /// A cover's bytes by its ID, the original or a square of `size`: also the Subsonic API's
  /// `getCoverArt`.
  static func response(
    _ id: String, size: CoverSize, format: CoverFormat, covers: CoverVariants, to request: HTTPRequest
  ) async throws -> HTTPResponse {
    guard CoverID.isValid(id) else { throw HTTPError(.notFound, "No such cover") }
    let file: (path: String, contentType: String)?
    if let pixels = size.pixels {
      file = await covers.file(id, fitting: pixels, as: format).map { ($0, format.contentType) }
    } else {
      file = covers.store.original(id).map { ($0.path, $0.format.contentType) }
    }
    guard let file else { throw HTTPError(.notFound, "No such cover") }
    let options = FileResponse.Options(
      contentType: file.contentType, etag: file.path.split(separator: "/").last.map(String.init),
      cacheControl: "public, max-age=31536000, immutable")
    return FileResponse.serve(path: file.path, for: request, options: options)
  }
}
