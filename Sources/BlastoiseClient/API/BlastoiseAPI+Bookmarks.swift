import BlastoiseProtocol

/// Bookmarks (`/api/progress/:kind/:id/bookmarks…`) and playback rates (`/api/rates…`): what a
/// phone needs to show the person's marks in a book or episode and play each show at their speed.
extension BlastoiseAPI {
  /// The caller's bookmarks in an episode or book, by position.
  public func bookmarks(_ kind: BlastoiseProtocol.ProgressKind, _ id: String) async throws(BlastoiseClientError)
    -> [Bookmark]
  {
    try await send("GET", APIRoute.bookmarks.path(kind.rawValue, id), as: BookmarkList.self).bookmarks
  }

  /// Bookmarks `position` seconds into the item, with a note.
  public func addBookmark(_ kind: BlastoiseProtocol.ProgressKind, _ id: String, at position: Double, note: String = "")
    async throws(BlastoiseClientError) -> Bookmark
  {
    try await send(
      "POST", APIRoute.bookmarks.path(kind.rawValue, id), json: NewBookmark(position: position, note: note),
      as: Bookmark.self)
  }

  /// Replaces a bookmark's note.
  public func editBookmark(_ bookmark: Bookmark, note: String) async throws(BlastoiseClientError) -> Bookmark {
    try await send(
      "PATCH", APIRoute.bookmark.path(bookmark.kind.rawValue, bookmark.item, bookmark.id),
      json: BookmarkNote(note: note),
      as: Bookmark.self)
  }

  public func removeBookmark(_ bookmark: Bookmark) async throws(BlastoiseClientError) {
    _ = try await send(
      "DELETE", APIRoute.bookmark.path(bookmark.kind.rawValue, bookmark.item, bookmark.id), as: SuccessResponse.self)
  }

  /// Every playback rate the caller chose, per book or podcast.
  public func rates() async throws(BlastoiseClientError) -> [ListeningRate] {
    try await send("GET", APIRoute.rates.path(), as: RateList.self).rates
  }

  /// Keeps `rate` (0.5–3) for a book (`show`: its ID) or podcast (its feed URL).
  public func setRate(_ rate: Double, _ kind: BlastoiseProtocol.ProgressKind, show: String)
    async throws(BlastoiseClientError) -> ListeningRate
  {
    try await send("PUT", APIRoute.rate.path(kind.rawValue, show), json: RateChoice(rate: rate), as: ListeningRate.self)
  }
}
