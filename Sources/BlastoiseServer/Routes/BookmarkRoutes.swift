import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/progress/:kind/:id/bookmarks…`: each person's bookmarks in an episode or book, with a
/// note. Needs `listen` and an account (guests get 403); a person sees and changes only their own.
struct BookmarkRoutes: Sendable {
  let bookmarks: any BookmarkStore
  let auth: RequestAuthenticator
  let clock: any WallClock

  func register(on router: inout Router) {
    let bookmarks = bookmarks
    router.on(.get, APIRoute.bookmarks.pattern) { request in
      let person = try await person(request)
      let (kind, item) = try ProgressRoutes.item(request)
      return .json(BookmarkList(bookmarks: try await bookmarks.bookmarks(kind: kind, item: item, userID: person)))
    }
    router.on(.post, APIRoute.bookmarks.pattern, body: .smallJSON) { [clock] request in
      let person = try await person(request)
      let (kind, item) = try ProgressRoutes.item(request)
      let asked = try request.decodeJSON(NewBookmark.self)
      let bookmark = Bookmark(
        id: RandomID.make(), kind: kind, item: item, position: asked.position, note: asked.note ?? "",
        createdAt: clock.milliseconds())
      return .json(try await bookmarks.add(bookmark, userID: person), status: .created)
    }
    router.on(.patch, APIRoute.bookmark.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let (kind, item) = try ProgressRoutes.item(request)
      let note = try request.decodeJSON(BookmarkNote.self).note
      let id = request.pathParameter("bookmarkId")
      guard let changed = try await bookmarks.setNote(note, id: id, kind: kind, item: item, userID: person) else {
        throw Self.noSuchBookmark
      }
      return .json(changed)
    }
    router.on(.delete, APIRoute.bookmark.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let (kind, item) = try ProgressRoutes.item(request)
      guard try await bookmarks.remove(id: request.pathParameter("bookmarkId"), kind: kind, item: item, userID: person)
      else { throw Self.noSuchBookmark }
      return .json(SuccessResponse())
    }
  }

  private static let noSuchBookmark = HTTPError(.notFound, "No such bookmark")

  private func person(_ request: HTTPRequest) async throws -> Int {
    try await auth.account(.listen, for: request, guestRefusal: "Guests keep no bookmarks")
  }
}
