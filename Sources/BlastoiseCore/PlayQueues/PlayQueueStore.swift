/// One person's play queue as their apps save it (the Subsonic API's `savePlayQueue`), so they
/// can go on where they were on another device: the tracks, which one plays and where in it.
public struct StoredPlayQueue: Sendable, Equatable {
  public var trackIDs: [String]
  /// Into `trackIDs`; nil for an empty queue.
  public var currentIndex: Int?
  /// Milliseconds into the current track.
  public var position: Int64
  /// When it was saved (ms since 1970) and by which app.
  public var changedAt: Int64
  public var changedBy: String

  public init(trackIDs: [String], currentIndex: Int?, position: Int64, changedAt: Int64, changedBy: String) {
    self.trackIDs = trackIDs
    self.currentIndex = currentIndex
    self.position = position
    self.changedAt = changedAt
    self.changedBy = changedBy
  }
}

/// Each person's saved play queue (one each); it goes with the account.
public protocol PlayQueueStore: Sendable {
  func playQueue(userID: Int) async throws -> StoredPlayQueue?
  /// Replaces the person's queue.
  func save(_ queue: StoredPlayQueue, userID: Int) async throws
  func clear(userID: Int) async throws
}

/// A place a person marked in a track or episode to come back to (the Subsonic API's
/// bookmarks: one per person and item, unlike the several notes of `BookmarkStore`).
public struct MediaBookmark: Sendable, Equatable {
  public var mediaID: String
  /// Milliseconds into it.
  public var position: Int64
  public var comment: String?
  public var createdAt: Int64
  public var changedAt: Int64

  public init(mediaID: String, position: Int64, comment: String?, createdAt: Int64, changedAt: Int64) {
    self.mediaID = mediaID
    self.position = position
    self.comment = comment
    self.createdAt = createdAt
    self.changedAt = changedAt
  }
}

/// Each person's media bookmarks; they go with the account.
public protocol MediaBookmarkStore: Sendable {
  /// The person's bookmarks, the latest changed first.
  func mediaBookmarks(userID: Int) async throws -> [MediaBookmark]
  /// Makes or moves the person's bookmark in `bookmark.mediaID` (a moved one keeps its
  /// `createdAt`).
  func setMediaBookmark(_ bookmark: MediaBookmark, userID: Int) async throws
  /// False when the person had none there.
  @discardableResult
  func removeMediaBookmark(mediaID: String, userID: Int) async throws -> Bool
}
