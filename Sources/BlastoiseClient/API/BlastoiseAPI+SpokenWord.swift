import BlastoiseProtocol
import Foundation

/// Audiobooks (`/api/books…`) and listening progress (`/api/progress…`): what a phone needs to
/// play a book and keep its place in step with every other device.
extension BlastoiseAPI {
  /// Every book, with the caller's progress in each (no files or chapters).
  public func books() async throws(BlastoiseClientError) -> [Book] {
    try await send("GET", APIRoute.books.path(), as: BookList.self).books
  }

  /// One book with its files and chapters.
  public func book(_ id: String) async throws(BlastoiseClientError) -> Book {
    try await send("GET", APIRoute.book.path(id), as: Book.self)
  }

  /// Where a book file's audio is; fetch it with `requestHeaders` (the cookie). Range requests work.
  public func bookFileURL(_ bookID: String, index: Int) -> URL {
    url(APIRoute.bookFile.path(bookID, String(index)))
  }

  /// Admins: rescan the audiobooks directory now.
  public func scanBooks() async throws(BlastoiseClientError) -> BookScanSummary {
    try await send("POST", APIRoute.booksScan.path(), as: BookScanSummary.self)
  }

  /// Where the caller got to; nil before they start.
  public func progress(_ kind: BlastoiseProtocol.ProgressKind, _ id: String) async throws(BlastoiseClientError)
    -> ListeningProgress?
  {
    do throws(BlastoiseClientError) {
      return try await send("GET", APIRoute.progressItem.path(kind.rawValue, id), as: ListeningProgress.self)
    } catch {
      if error.status == 404 { return nil }
      throw error
    }
  }

  /// Reports a position; the answer is what is stored afterwards — another device's, when it
  /// reported a later moment.
  public func report(_ report: ProgressReport, _ kind: BlastoiseProtocol.ProgressKind, _ id: String)
    async throws(BlastoiseClientError) -> ListeningProgress
  {
    try await send("PUT", APIRoute.progressItem.path(kind.rawValue, id), json: report, as: ListeningProgress.self)
  }

  /// Continue listening: unfinished episodes and books, the latest heard first, and the
  /// episodes among them with their podcasts.
  public func unfinished(limit: Int = 20) async throws(BlastoiseClientError) -> ProgressList {
    try await send("GET", APIRoute.progress.path(query: [("limit", String(limit))]), as: ProgressList.self)
  }
}
