import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `GET /api/library`, `GET /api/tracks/:trackId` (and its lyrics), `POST /api/upload`,
/// `POST /api/library/scan`.
struct LibraryRoutes: Sendable {
  let library: LibraryService
  /// Downloaded podcast episodes are tracks too, by the same content-hashed IDs.
  let episodes: any PodcastDownloadStore
  /// A book's files and chapters are tracks too when a room plays them (`BookTrackID`).
  let books: BookService
  let dataDirectory: String
  let auth: RequestAuthenticator
  let maxUploadBytes: Int

  func register(on router: inout Router) {
    router.on(.get, APIRoute.library.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      return try await library.libraryResponse(try PageQuery(parameters: request.query), for: request)
    }
    router.on(.get, APIRoute.track.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      return try await track(request)
    }
    router.on(.get, APIRoute.trackLyrics.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let id = request.pathParameter("trackId")
      guard TrackID.isValid(id), let lyrics = try await library.store.lyrics(forTrack: id) else {
        throw HTTPError(.notFound, "No lyrics for that track")
      }
      return .json(TrackLyrics(lyrics: lyrics))
    }
    // Additive: an admin asks for a rescan now (progress arrives as `scan_progress` on sockets).
    router.on(.post, APIRoute.libraryScan.pattern, body: .smallJSON) { request in
      _ = try await auth.require(.administer, for: request)
      let summary = try await library.scan()
      return .json(
        ScanSummary(
          added: summary.added, unchanged: summary.unchanged, missing: summary.missing, skipped: summary.skipped))
    }
    let uploadBody = BodyPolicy.multipart(maxBytes: maxUploadBytes, directory: library.uploadsDirectory)
    router.on(.post, APIRoute.upload.pattern, body: uploadBody) { request in
      _ = try await auth.require(.upload, for: request)
      return .json(try await UploadIngest(library: library).ingest(request.multipart))
    }
  }

  /// The file by ID only: the ID is looked up, never joined into a path.
  private func track(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = request.pathParameter("trackId")
    if let part = BookTrackID(id) { return try await BookRoutes.serveRoomTrack(part, of: books, for: request) }
    guard TrackID.isValid(id), let path = try await filePath(id) else { throw HTTPError(.notFound, "No such track") }
    let options = FileResponse.Options(
      contentType: AudioFormats.contentType(forFilename: path),
      etag: String(id.dropFirst(TrackID.prefix.count)), cacheControl: "private, max-age=31536000, immutable")
    return FileResponse.serve(path: path, for: request, options: options)
  }

  private func filePath(_ id: String) async throws -> String? {
    if let path = try await library.store.filePath(forTrack: id) { return path }
    return try await episodes.filePath(trackID: id).map { "\(dataDirectory)/\($0)" }
  }
}
