import BlastoiseClient
import BlastoiseProtocol
import Foundation

/// One backup run: checksums (kept in the journal, so unchanged files are not read again), a
/// check per batch, then each missing file up — whole, or resumable in chunks — newest first,
/// retried with backoff. The journal is saved after every file and as each resumable upload
/// starts, so a run that is stopped (Ctrl-C, a lost connection, a killed app) continues where
/// it was: the server keeps what arrived of an upload.
public final class BackupSession: Sendable {
  let api: BlastoiseAPI
  let source: any BackupSource
  let device: String
  let settings: BackupSettings
  let planner: BackupPlanner
  let retry: RetryPolicy
  let journal: JournalBox
  let save: @Sendable (BackupJournal) -> Void
  let progress: @Sendable (BackupProgress) -> Void

  public init(
    api: BlastoiseAPI, source: any BackupSource, device: String, journal: BackupJournal,
    settings: BackupSettings = BackupSettings(enabled: true), planner: BackupPlanner = BackupPlanner(),
    retry: RetryPolicy = RetryPolicy(), save: @escaping @Sendable (BackupJournal) -> Void,
    progress: @escaping @Sendable (BackupProgress) -> Void = { _ in }
  ) {
    self.api = api
    self.source = source
    self.device = device
    self.settings = settings
    self.planner = planner
    self.retry = retry
    self.journal = JournalBox(journal)
    self.save = save
    self.progress = progress
  }

  public var currentJournal: BackupJournal { journal.value }

  public func run() async throws -> BackupSummary {
    let items = try await source.items().filter(settings.includes)
    journal.update { $0.keepOnly(items) }
    var state = BackupProgress(phase: .checking, files: items.count)
    progress(state)
    for item in items where journal.value.checksums[item.fingerprint] == nil {
      let sha256 = try await source.sha256(item)
      journal.update { $0.checksums[item.fingerprint] = sha256 }
    }
    save(journal.value)

    var missing: [BackupItem] = []
    var summary = BackupSummary()
    for batch in planner.batches(items, settings: settings) {
      let entries = batch.map { item in
        PhotoCheckEntry(
          name: item.name, month: item.month, size: item.size, sha256: journal.value.checksums[item.fingerprint],
          device: device, assetId: item.assetID)
      }
      let answers = try await withRetry { try await self.api.checkPhotos(entries) }
      for (item, have) in zip(batch, answers) {
        if have {
          journal.update { $0.confirm(item) }
          summary.alreadyThere += 1
        } else {
          missing.append(item)
        }
      }
    }
    save(journal.value)
    state.phase = .uploading
    state.filesDone = summary.alreadyThere
    state.bytesTotal = missing.reduce(0) { $0 + $1.size }
    progress(state)
    for item in missing {
      do {
        let sent = try await upload(item) { bytes in
          state.bytesSent += Int64(bytes)
          self.progress(state)
        }
        journal.update { $0.confirm(item) }
        save(journal.value)
        summary.sent += 1
        summary.bytesSent += sent
      } catch let error as CancellationError {
        save(journal.value)
        throw error
      } catch {
        summary.failed.append(BackupFailure(name: item.name, reason: Self.describe(error)))
      }
      state.filesDone += 1
      progress(state)
    }
    state.phase = .done
    progress(state)
    return summary
  }

  /// Sends one item; answers the bytes sent.
  private func upload(_ item: BackupItem, sent: @escaping (Int) -> Void) async throws -> Int64 {
    let query = PhotoUploadQuery(
      name: item.name, device: device, assetId: item.assetID, takenAt: String(item.takenAt))
    switch UploadPlan.forFile(size: item.size) {
    case .whole:
      let bytes = try await source.read(item, offset: 0, count: Int(item.size))
      _ = try await withRetry { try await self.api.uploadPhoto(bytes, query) }
      sent(bytes.count)
      return Int64(bytes.count)
    case .resumable(let chunkBytes):
      var total: Int64 = 0
      var location = journal.value.uploads[item.fingerprint]
      var offset: Int?
      if let known = location { offset = try await withRetry { try await self.api.resumableUploadOffset(known) } }
      if offset == nil {
        let started = try await withRetry { try await self.api.startResumableUpload(length: Int(item.size), query) }
        location = started
        offset = 0
        journal.update { $0.uploads[item.fingerprint] = started }
        save(journal.value)
      }
      guard let path = location, var at = offset else { return 0 }
      if at > 0 { sent(at) }  // What an earlier run sent counts as done.
      var failures = 0
      var filed = false
      while Int64(at) < item.size {
        let chunk = try await source.read(item, offset: Int64(at), count: chunkBytes)
        guard !chunk.isEmpty else { throw BackupSourceChanged(name: item.name) }
        do {
          let answer = try await api.continueResumableUpload(path, offset: at, chunk, sha256: source.sha256(of: chunk))
          at = answer.offset
          filed = answer.photoID != nil
          total += Int64(chunk.count)
          sent(chunk.count)
          failures = 0
        } catch {
          // The server may have kept part of the chunk: ask where it is, and go on from there.
          failures += 1
          guard RetryPolicy.isTransient(status: error.status), let wait = retry.delay(beforeRetry: failures) else {
            throw error
          }
          try await Task.sleep(for: .milliseconds(Int(wait * 1_000)))
          guard let now = try await withRetry({ try await self.api.resumableUploadOffset(path) }) else {
            journal.update { $0.uploads[item.fingerprint] = nil }  // Expired: the next run starts anew.
            throw error
          }
          if now > at {
            total += Int64(now - at)
            sent(now - at)
          }
          at = now
        }
      }
      // Every byte is there but the server has not said it filed them (it stopped while filing,
      // or the last chunk's answer was lost): an empty PATCH at the end files them.
      if !filed {
        let end = at
        _ = try await withRetry { try await self.api.continueResumableUpload(path, offset: end, Data(), sha256: nil) }
      }
      return total
    }
  }

  private func withRetry<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
    var attempt = 0
    while true {
      do { return try await work() } catch let error as BlastoiseClientError {
        attempt += 1
        guard RetryPolicy.isTransient(status: error.status), let wait = retry.delay(beforeRetry: attempt) else {
          throw error
        }
        try await Task.sleep(for: .milliseconds(Int(wait * 1_000)))
      }
    }
  }

  static func describe(_ error: any Error) -> String {
    (error as? BlastoiseClientError)?.message ?? "\(error)"
  }
}

/// A file that became shorter while it was being sent.
struct BackupSourceChanged: Error, CustomStringConvertible {
  let name: String
  var description: String { "\(name) changed while it was being sent" }
}

/// Where a run is, for a progress bar.
public struct BackupProgress: Sendable, Equatable {
  public enum Phase: Sendable, Equatable { case checking, uploading, done }

  public var phase: Phase
  public var files: Int
  public var filesDone = 0
  public var bytesSent: Int64 = 0
  public var bytesTotal: Int64 = 0

  public init(phase: Phase, files: Int) {
    self.phase = phase
    self.files = files
  }
}

public struct BackupSummary: Sendable, Equatable {
  public var sent = 0
  public var bytesSent: Int64 = 0
  public var alreadyThere = 0
  public var failed: [BackupFailure] = []

  public init() {}
}

public struct BackupFailure: Sendable, Equatable {
  public var name: String
  public var reason: String
}

/// The journal as the session changes it from one task at a time (a lock, not an actor, so
/// saving it is a plain read).
final class JournalBox: @unchecked Sendable {
  private let lock = NSLock()
  private var journal: BackupJournal

  init(_ journal: BackupJournal) { self.journal = journal }

  var value: BackupJournal { lock.withLock { journal } }

  func update(_ change: (inout BackupJournal) -> Void) { lock.withLock { change(&journal) } }
}
