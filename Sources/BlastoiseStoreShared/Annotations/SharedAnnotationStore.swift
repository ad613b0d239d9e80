import BlastoiseCore
import BlastoiseProtocol

/// How `SharedAnnotationStore` reaches a backend: its statements for one write or one read.
public protocol AnnotationAccess: Sendable {
  func annotationWrite<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
  func annotationRead<T: Sendable>(_ body: @escaping @Sendable (any AnnotationStatements) throws -> T)
    async throws -> T
}

/// `AnnotationStore` for either backend: `AnnotationRules` over the statements its access hands
/// out (a backend's only parts in this store are its SQL and that access).
public struct SharedAnnotationStore<Access: AnnotationAccess>: AnnotationStore {
  private let access: Access

  public init(access: Access) { self.access = access }
  @discardableResult
  public func setFavourite(_ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64)
    async throws -> Bool
  {
    try await access.annotationWrite {
      try AnnotationRules.setFavourite(favourite, kind: kind, id: id, userID: userID, at: time, $0)
    }
  }

  @discardableResult
  public func setRating(_ rating: Int?, kind: AnnotatedKind, id: String, userID: Int) async throws -> Bool {
    try await access.annotationWrite { try AnnotationRules.setRating(rating, kind: kind, id: id, userID: userID, $0) }
  }

  @discardableResult
  public func recordPlay(trackID: String, userID: Int, at time: Int64) async throws -> Bool {
    try await access.annotationWrite { try AnnotationRules.recordPlay(trackID: trackID, userID: userID, at: time, $0) }
  }

  public func annotations(kind: AnnotatedKind, ids: [String], userID: Int) async throws -> [String: Annotation] {
    try await access.annotationRead { try AnnotationRules.annotations(kind: kind, ids: ids, userID: userID, $0) }
  }

  public func favourites(userID: Int, limit: Int) async throws -> Favourites {
    try await access.annotationRead { try AnnotationRules.favourites(userID: userID, limit: limit, $0) }
  }

  public func recentlyPlayed(userID: Int, limit: Int) async throws -> RecentlyPlayed {
    try await access.annotationRead { try AnnotationRules.recentlyPlayed(userID: userID, limit: limit, $0) }
  }
}
