/// The audiobooks a scan found. A scan replaces the whole set: books no longer there go (their
/// listening progress stays, keyed by ID, should the folder come back), a book seen before
/// keeps when it was added.
public protocol BookStore: Sendable {
  /// Stores `books` as the whole set; answers how many were new and how many went.
  func replaceAll(with books: [StoredBook], now: Int64) async throws -> BookChanges
  /// Every book by title (case-insensitive), then ID.
  func books() async throws -> [StoredBook]
  func book(id: String) async throws -> StoredBook?
}

public struct BookChanges: Sendable, Equatable {
  public var added: Int
  public var removed: Int

  public init(added: Int, removed: Int) {
    self.added = added
    self.removed = removed
  }
}
