/// What URL import needs from storage. Jobs come back in the order they were queued, with the
/// owner's current name and role.
public protocol FetchJobStore: Sendable {
  /// Inserts all jobs in one transaction (a confirmed playlist is queued whole or not at all).
  func insert(_ jobs: [FetchJobRecord]) throws
  /// Saves status, title, error, track and `updatedAt`.
  func update(_ job: FetchJobRecord) throws
  func jobs() throws -> [FetchJobRecord]
  func delete(ids: [String]) throws
  /// Jobs that were running when the server stopped go back to `queued`; returns how many.
  func requeueUnfinished(at time: Int64) throws -> Int
}
