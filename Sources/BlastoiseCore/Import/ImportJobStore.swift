/// What URL import needs from storage. Jobs come back in the order they were queued, with the
/// owner's current name and role.
public protocol ImportJobStore: Sendable {
  /// Inserts all jobs in one transaction (a confirmed playlist is queued whole or not at all).
  func insert(_ jobs: [ImportJobRecord]) async throws
  /// Saves status, title, error, track, progress and `updatedAt`.
  func update(_ job: ImportJobRecord) async throws
  func jobs() async throws -> [ImportJobRecord]
  func delete(ids: [String]) async throws
  /// Jobs that were running when their node stopped go back to `queued` (`cancelled` when a
  /// cancel was asked for); returns how many. (One node, SQLite: every running job. Several,
  /// PostgreSQL: those whose `NodeLock.importJob` no live node holds.)
  func requeueUnfinished(at time: Int64) async throws -> Int
  /// Takes a queued job for the node that will run it (it becomes `downloading`); false when it
  /// is not queued any more — another node took it, or it was cancelled. On PostgreSQL the row is
  /// taken `FOR UPDATE SKIP LOCKED`: nodes claiming at once never wait for each other.
  func claim(id: String, at time: Int64) async throws -> Bool
  /// Asks the node running a job to stop it; false when the job is not running.
  func requestCancel(id: String) async throws -> Bool
  /// Which of `ids` someone asked to cancel.
  func cancelRequested(among ids: [String]) async throws -> [String]
}
