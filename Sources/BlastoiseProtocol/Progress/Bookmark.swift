/// A place someone marked in an episode or book, with a note (additive; ours). One person's
/// bookmarks are theirs alone.
public struct Bookmark: Codable, Sendable, Equatable {
  /// Random text the server made (12 hex digits).
  public var id: String
  public var kind: ProgressKind
  /// The book's ID, or the episode's enclosure URL: the `:id` of `/api/progress/:kind/:id`.
  public var item: String
  /// Seconds from the item's start.
  public var position: Double
  /// At most 500 characters; may be empty.
  public var note: String
  /// Milliseconds since the epoch.
  public var createdAt: Int64

  public init(id: String, kind: ProgressKind, item: String, position: Double, note: String, createdAt: Int64) {
    self.id = id
    self.kind = kind
    self.item = item
    self.position = position
    self.note = note
    self.createdAt = createdAt
  }
}

/// `GET /api/progress/:kind/:id/bookmarks`: the caller's bookmarks in the item, by position.
public struct BookmarkList: Codable, Sendable, Equatable {
  public var bookmarks: [Bookmark]

  public init(bookmarks: [Bookmark]) { self.bookmarks = bookmarks }
}

/// `POST /api/progress/:kind/:id/bookmarks`: a new bookmark at `position` seconds.
public struct NewBookmark: Codable, Sendable, Equatable {
  public var position: Double
  /// Absent: no note.
  public var note: String?

  public init(position: Double, note: String? = nil) {
    self.position = position
    self.note = note
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case position, note }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    position = try container.decode(Double.self, forKey: .position)
    note = try container.decodeIfPresent(String.self, forKey: .note)
  }
}

/// `PATCH /api/progress/:kind/:id/bookmarks/:bookmarkId`: the bookmark's new note.
public struct BookmarkNote: Codable, Sendable, Equatable {
  public var note: String

  public init(note: String) { self.note = note }

  enum CodingKeys: String, CodingKey, CaseIterable { case note }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    note = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .note)
  }
}
