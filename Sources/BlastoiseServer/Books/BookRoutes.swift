import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/books…`: the audiobooks, one book's files and chapters, a file's bytes (by the book's
/// ID and the file's index only), and an admin's rescan. Listening needs `listen`; a guest
/// sees books without progress.
struct BookRoutes: Sendable {
  let books: BookService
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    let books = books
    router.on(.get, APIRoute.books.pattern) { request in
      .json(try await books.list(for: try await person(request)))
    }
    router.on(.get, APIRoute.book.pattern) { request in
      .json(try await books.book(request.pathParameter("id"), for: try await person(request)))
    }
    router.on(.get, APIRoute.bookFile.pattern) { request in
      _ = try await auth.require(.listen, for: request)
      let id = request.pathParameter("id")
      guard let index = Int(request.pathParameter("index")), index >= 0 else {
        throw HTTPError(.notFound, "No such file in that book")
      }
      return try await Self.serveFile(id, index: index, of: books, for: request)
    }
    router.on(.post, APIRoute.booksScan.pattern, body: .smallJSON) { request in
      _ = try await auth.require(.administer, for: request)
      return .json(try await books.scan())
    }
  }

  /// The caller's account, or nil for a guest (who listens but keeps no progress).
  private func person(_ request: HTTPRequest) async throws -> Int? {
    let principal = try await auth.require(.listen, for: request)
    return principal.role == .guest ? nil : principal.userID
  }

  /// One file of a book, with Range.
  static func serveFile(_ id: String, index: Int, of books: BookService, for request: HTTPRequest) async throws
    -> HTTPResponse
  {
    serve(try await books.file(id, index: index), for: request)
  }

  /// A part of a book as a room plays it (`/api/tracks/:id` for a `BookTrackID`), with Range.
  static func serveRoomTrack(_ id: BookTrackID, of books: BookService, for request: HTTPRequest) async throws
    -> HTTPResponse
  {
    serve(try await books.roomTrackFile(id), for: request)
  }

  private static func serve(_ file: (path: String, contentType: String), for request: HTTPRequest) -> HTTPResponse {
    let options = FileResponse.Options(contentType: file.contentType, cacheControl: "private, max-age=3600")
    return FileResponse.serve(path: file.path, for: request, options: options)
  }
}
