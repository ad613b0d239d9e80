import BlastoiseProtocol

/// Each person's bookmarks in episodes and books (`ListeningRule` says what they may hold). Every
/// call is scoped to one account: nobody reads or changes another's.
public protocol BookmarkStore: Sendable {
  /// Keeps `bookmark` (its ID new, made by the caller) for `userID`.
  func add(_ bookmark: Bookmark, userID: Int) async throws -> Bookmark
  /// The person's bookmarks in one item, by position (then the oldest first).
  func bookmarks(kind: ProgressKind, item: String, userID: Int) async throws -> [Bookmark]
  /// Changes one bookmark's note; nil when the person has no such bookmark in that item.
  func setNote(_ note: String, id: String, kind: ProgressKind, item: String, userID: Int) async throws -> Bookmark?
  /// Removes one bookmark; false when the person had no such bookmark in that item.
  func remove(id: String, kind: ProgressKind, item: String, userID: Int) async throws -> Bool
}

/// The playback rate each person chose per book or podcast (`ListeningRule.rates`).
public protocol RateStore: Sendable {
  /// Keeps `rate` for the book or show, replacing an earlier one; answers what is stored.
  func setRate(_ rate: Double, kind: ProgressKind, show: String, userID: Int) async throws -> ListeningRate
  /// Every rate the person chose, by kind and show.
  func rates(userID: Int) async throws -> [ListeningRate]
}
