import BlastoiseMedia
import BlastoiseProtocol
import Synchronization

/// What started a library scan (`ScanRecord.trigger`).
enum ScanTrigger: String, Sendable {
  case start, hourly, admin, subsonic, command
}

/// This node's recent library scans, newest first, for the admin's Server panel: kept in memory
/// (a restart begins a new log with its own start scan), the last `capacity` of them.
final class ScanLog: Sendable {
  private let records = Mutex<[ScanRecord]>([])
  let capacity: Int

  init(capacity: Int = 20) { self.capacity = capacity }

  var all: [ScanRecord] { records.withLock { $0 } }

  func record(
    _ trigger: ScanTrigger, startedAt: Int64, finishedAt: Int64, outcome: Result<LibraryScanner.Summary, any Error>
  ) {
    let summary = try? outcome.get()
    var failure: String?
    if case .failure(let error) = outcome { failure = String(describing: error) }
    let record = ScanRecord(
      startedAt: startedAt, finishedAt: finishedAt, trigger: trigger.rawValue, failure: failure,
      added: summary?.added ?? 0, unchanged: summary?.unchanged ?? 0, missing: summary?.missing ?? 0,
      skipped: summary?.skipped ?? 0,
      skippedFiles: (summary?.skippedFiles ?? []).prefix(ScanRecord.listedSkips).map {
        ScanRecord.Skipped(path: $0.path, reason: $0.reason)
      })
    records.withLock { records in
      records.insert(record, at: 0)
      if records.count > capacity { records.removeLast(records.count - capacity) }
    }
  }
}
