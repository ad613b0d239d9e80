/// What URL import needs from storage. Jobs come back in the order they were queued, with the
/// owner's current name and role.
public protocol ImportJobStore: Sendable {
  /// Inserts all jobs in one transaction (a confirmed playlist is queued whole or not at all).
  func insert(_ jobs: [ImportJobRecord]) throws
  /// Saves status, title, error, track and `updatedAt`.
  func update(_ job: ImportJobRecord) throws
  func jobs() throws -> [ImportJobRecord]
  func delete(ids: [String]) throws
  /// Jobs that were running when the server stopped go back to `queued`; returns how many.
  func requeueUnfinished(at time: Int64) throws -> Int
}
