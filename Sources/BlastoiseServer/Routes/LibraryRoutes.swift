import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `GET /api/library`, `GET /api/tracks/:trackId` (its lyrics, its decoded pieces), `POST /api/upload`,
/// `POST /api/library/scan`.
struct LibraryRoutes: Sendable {
  let library: LibraryService
  /// Library tracks, downloaded episodes and book parts, by ID.
  let files: TrackFiles
  let pieces: TrackPieces
  let auth: RequestAuthenticator
  let maxUploadBytes: Int

  func register(on router: inout Router) {
    router.on(.get, APIRoute.library.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      return try await library.libraryResponse(try PageQuery(parameters: request.query), for: request)
    }
    router.on(.get, APIRoute.track.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      return try await files.response(forTrack: request.pathParameter("trackId"), to: request)
    }
    router.on(.get, APIRoute.trackPiece.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let query = try PieceQuery(parameters: request.query)
      return try await files.piece(ofTrack: request.pathParameter("trackId"), query, by: pieces)
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
      let summary = try await library.scan(.admin)
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
}
