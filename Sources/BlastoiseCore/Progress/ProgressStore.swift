import BlastoiseProtocol

/// Per-person progress through episodes and books (`ProgressRule` decides what a report changes),
/// kept per account: the web app, the phones and gPodder clients write the same rows. Times are
/// milliseconds since 1970.
public protocol ProgressStore: Sendable {
  /// Applies `report` (by `ProgressRule`) at `now`; answers what is stored afterwards, which is
  /// the earlier progress when the report was older.
  func report(_ report: ProgressReport, kind: ProgressKind, id: String, userID: Int, now: Int64)
    async throws -> ListeningProgress
  /// The caller's progress in each of `ids` that has one.
  func progress(kind: ProgressKind, ids: [String], userID: Int) async throws -> [String: ListeningProgress]
  /// Unfinished progress past the start, the latest heard first, at most `limit`. ("Mark as
  /// new" is a report of position 0, so that an older report cannot undo it.)
  func unfinished(userID: Int, limit: Int) async throws -> [ListeningProgress]
  /// Progress stored strictly after `time` (its `updatedAt`), the oldest first, at most `limit`.
  func changes(userID: Int, after time: Int64, limit: Int) async throws -> [ListeningProgress]
}
