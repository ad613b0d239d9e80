import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// A track's bytes by its ID, with Range: a library track, a downloaded episode (by the same
/// content-hashed IDs) or a book's file or chapter (`BookTrackID`). The ID is looked up, never
/// joined into a path. `GET /api/tracks/:trackId` and the Subsonic API's `stream` and
/// `download` serve through it, and its decoded pieces.
struct TrackFiles: Sendable {
  let library: LibraryService
  let episodes: any PodcastDownloadStore
  let books: BookService
  let dataDirectory: String

  func response(forTrack id: String, to request: HTTPRequest) async throws -> HTTPResponse {
    if let part = BookTrackID(id) { return try await BookRoutes.serveRoomTrack(part, of: books, for: request) }
    guard TrackID.isValid(id), let path = try await filePath(id) else { throw HTTPError(.notFound, "No such track") }
    let options = FileResponse.Options(
      contentType: AudioFormats.contentType(forFilename: path),
      etag: String(id.dropFirst(TrackID.prefix.count)), cacheControl: "private, max-age=31536000, immutable")
    return FileResponse.serve(path: path, for: request, options: options)
  }

  /// A decoded piece of the track (`GET /api/tracks/:trackId/piece`): of a book's chapter, of
  /// its cut.
  func piece(ofTrack id: String, _ query: PieceQuery, by pieces: TrackPieces) async throws -> HTTPResponse {
    let path: String
    if let part = BookTrackID(id) {
      path = try await books.roomTrackFile(part).path
    } else {
      guard TrackID.isValid(id), let file = try await filePath(id) else { throw HTTPError(.notFound, "No such track") }
      path = file
    }
    guard let piece = try await pieces.piece(of: path, query) else {
      throw HTTPError(.rangeNotSatisfiable, "The piece starts past the track's end")
    }
    let headers = HTTPHeaders([("Content-Type", piece.contentType), ("Cache-Control", "private, max-age=3600")])
    return HTTPResponse(headers: headers, body: .bytes([UInt8](piece.bytes)))
  }

  private func filePath(_ id: String) async throws -> String? {
    if let path = try await library.store.filePath(forTrack: id) { return path }
    return try await episodes.filePath(trackID: id).map { "\(dataDirectory)/\($0)" }
  }
}
