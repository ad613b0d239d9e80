import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `GET /api/library`, `GET /api/tracks/:trackId`, `POST /api/upload`.
struct LibraryRoutes: Sendable {
  let library: LibraryService
  let auth: RequestAuthenticator
  let maxUploadBytes: Int

  func register(on router: inout Router) {
    router.on(.get, "/api/library") { request in
      _ = try auth.require(.listen, for: request)
      return try library.libraryResponse()
    }
    router.on(.get, "/api/tracks/:trackId") { request in
      _ = try auth.require(.listen, for: request)
      return try track(request)
    }
    router.on(.post, "/api/upload", body: .multipart(maxBytes: maxUploadBytes, directory: library.uploadsDirectory)) {
      request in
      _ = try auth.require(.upload, for: request)
      return .json(try UploadIngest(library: library).ingest(request.multipart))
    }
  }

  /// The file by ID only: the ID is looked up, never joined into a path.
  private func track(_ request: HTTPRequest) throws -> HTTPResponse {
    let id = request.pathParameter("trackId")
    guard TrackID.isValid(id), let path = try library.store.filePath(forTrack: id) else {
      throw HTTPError(.notFound, "No such track")
    }
    let options = FileResponse.Options(
      contentType: AudioFormats.contentType(forFilename: path),
      etag: String(id.dropFirst(TrackID.prefix.count)), cacheControl: "private, max-age=31536000, immutable")
    return FileResponse.serve(path: path, for: request, options: options)
  }
}
