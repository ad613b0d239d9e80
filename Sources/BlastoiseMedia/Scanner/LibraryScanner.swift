import BlastoiseCore
import Foundation
import Synchronization

/// The scan: walk every root → diff against the store → hash, read tags and find covers (in
/// parallel, in batches) → persist each batch. Progress is reported after every batch. Walking, hashing and tag
/// reading block, so they run on the scan's own queue; the store is awaited.
public struct LibraryScanner: Sendable {
  public struct Progress: Sendable, Equatable {
    public let scanning: Bool
    public let processed: Int
    public let total: Int
  }

  public struct Summary: Sendable, Equatable {
    public var added = 0
    public var unchanged = 0
    public var missing = 0
    public var skipped = 0
  }

  let store: any LibraryStore
  let covers: CoverStore
  let batchSize: Int
  private let queue = DispatchQueue(label: "blastoise.scan")
  let log: @Sendable (String) -> Void

  public init(
    store: any LibraryStore, covers: CoverStore, batchSize: Int = 256,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.store = store
    self.covers = covers
    self.batchSize = batchSize
    self.log = log
  }

  public func scan(roots: [String], progress: @Sendable (Progress) async -> Void = { _ in }) async throws -> Summary {
    var summary = Summary()
    var work: [LibraryFile] = []
    var missing: [String] = []
    for root in roots {
      guard let realRoot = realPath(root) else { continue }
      let known = try await store.knownFiles(under: realRoot)
      let found = try await BlockingWork.run(on: queue) { LibraryWalker.walk(realRoot) }
      let plan = ScanPlan(found: found, known: known.files, knownPresent: known.present)
      work += plan.toRead
      missing += plan.missing
      summary.unchanged += plan.unchanged
    }
    summary.missing = missing.count
    await progress(Progress(scanning: true, processed: 0, total: work.count))
    if !missing.isEmpty { try await store.apply(scanned: [], missing: missing) }

    let finder = CoverFinder.forScan(store: covers, log: log)
    var processed = 0
    for start in stride(from: 0, to: work.count, by: batchSize) {
      let batch = Array(work[start..<min(start + batchSize, work.count)])
      let results = try await BlockingWork.run(on: queue) { Self.readInParallel(batch, covers: finder) }
      var scanned: [ScannedTrack] = []
      for result in results {
        switch result {
        case .success(let track): scanned.append(track)
        case .failure(let skip):
          summary.skipped += 1
          log("scan: skipped \(skip.path): \(skip.reason)")
        }
      }
      try await store.apply(scanned: scanned, missing: [])
      summary.added += scanned.count
      processed += batch.count
      await progress(Progress(scanning: processed < work.count, processed: processed, total: work.count))
    }
    if work.isEmpty { await progress(Progress(scanning: false, processed: 0, total: 0)) }
    return summary
  }

  /// Hashing and tag reading are CPU- and I/O-bound C calls: one lane per core.
  private static let readers = WorkerLanes(
    label: "blastoise.scan-read", count: ProcessInfo.processInfo.activeProcessorCount)

  static func readInParallel(_ files: [LibraryFile], covers: CoverFinder) -> [Result<ScannedTrack, ScanSkip>] {
    let results = Mutex([Result<ScannedTrack, ScanSkip>?](repeating: nil, count: files.count))
    readers.forEach(files.count) { index in
      let result = TrackFileReader.read(files[index], covers: covers)
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}
