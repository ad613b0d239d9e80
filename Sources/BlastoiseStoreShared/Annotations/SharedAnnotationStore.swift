import BlastoiseCore
import BlastoiseProtocol

/// `AnnotationStore` for either backend: `AnnotationRules` over `SharedAnnotationStatements` on
/// the connection of one write or read.
public struct SharedAnnotationStore<Access: StoreAccess>: AnnotationStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  private func write<T: Sendable>(
    _ body: @escaping @Sendable (SharedAnnotationStatements<Access.Connection>) throws -> T
  ) async throws -> T {
    try await access.write { try body(SharedAnnotationStatements(connection: $0)) }
  }

  private func read<T: Sendable>(
    _ body: @escaping @Sendable (SharedAnnotationStatements<Access.Connection>) throws -> T
  ) async throws -> T {
    try await access.read { try body(SharedAnnotationStatements(connection: $0)) }
  }

  @discardableResult
  public func setFavourite(_ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64)
    async throws -> Bool
  {
    try await write {
      try AnnotationRules.setFavourite(favourite, kind: kind, id: id, userID: userID, at: time, $0)
    }
  }

  @discardableResult
  public func setRating(_ rating: Int?, kind: AnnotatedKind, id: String, userID: Int) async throws -> Bool {
    try await write { try AnnotationRules.setRating(rating, kind: kind, id: id, userID: userID, $0) }
  }

  @discardableResult
  public func recordPlay(trackID: String, userID: Int, at time: Int64) async throws -> Bool {
    try await write { try AnnotationRules.recordPlay(trackID: trackID, userID: userID, at: time, $0) }
  }

  public func annotations(kind: AnnotatedKind, ids: [String], userID: Int) async throws -> [String: Annotation] {
    try await read { try AnnotationRules.annotations(kind: kind, ids: ids, userID: userID, $0) }
  }

  public func annotations(kind: AnnotatedKind, userID: Int) async throws -> [String: Annotation] {
    try await read { try AnnotationRules.annotations(kind: kind, userID: userID, $0) }
  }

  public func favourites(userID: Int, limit: Int) async throws -> Favourites {
    try await read { try AnnotationRules.favourites(userID: userID, limit: limit, $0) }
  }

  public func recentlyPlayed(userID: Int, limit: Int) async throws -> RecentlyPlayed {
    try await read { try AnnotationRules.recentlyPlayed(userID: userID, limit: limit, $0) }
  }
}
