import BlastoiseCore
import Foundation
import Synchronization

/// The scan: walk every root → diff against the store → hash, read tags and find covers (in
/// parallel, in batches) → persist each batch while the next is read. Progress is reported after
/// every batch. Walking, hashing and tag reading block, so they run on the scan's own queue; the
/// store is awaited. Files it skipped are remembered (by path, size and mtime) for the scanner's
/// next scans, which read them again only once they changed.
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
    /// Every file the scan passed over and why (those an earlier scan skipped, unchanged since,
    /// with the reason it found), by path.
    public var skippedFiles: [ScanSkip] = []
  }

  let store: any LibraryStore
  let covers: CoverStore
  let batchSize: Int
  private let queue = DispatchQueue(label: "blastoise.scan")
  let log: @Sendable (String) -> Void
  /// Hashes one file, reads its tags and finds its cover (`TrackFileReader.read`; tests count
  /// the calls).
  let reader: Reader
  private let skippedFiles = SkippedFiles()

  typealias Reader = @Sendable (LibraryFile, CoverFinder) -> Result<ScannedTrack, ScanSkip>

  public init(
    store: any LibraryStore, covers: CoverStore, batchSize: Int = 256,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(store: store, covers: covers, batchSize: batchSize, log: log, reader: TrackFileReader.read)
  }

  init(
    store: any LibraryStore, covers: CoverStore, batchSize: Int = 256, log: @escaping @Sendable (String) -> Void,
    reader: @escaping Reader
  ) {
    self.store = store
    self.covers = covers
    self.batchSize = batchSize
    self.log = log
    self.reader = reader
  }

  public func scan(roots: [String], progress: @Sendable (Progress) async -> Void = { _ in }) async throws -> Summary {
    var summary = Summary()
    var work: [LibraryFile] = []
    var missing: [String] = []
    var skipped: [ScanSkip] = []
    let skippedBefore = skippedFiles.all
    for root in roots {
      guard let realRoot = realPath(root) else { continue }
      // The walk and the store's read at once: each blocks on its own queue.
      async let knownFiles = store.knownFiles(under: realRoot)
      let found = try await BlockingWork.run(on: queue) { LibraryWalker.walk(realRoot) }
      let known = try await knownFiles
      let plan = ScanPlan(
        found: found, known: known.files, knownPresent: known.present, skipped: skippedBefore.mapValues(\.file))
      work += plan.toRead
      skipped += plan.stillSkipped.map {
        ScanSkip(path: $0.path, reason: skippedBefore[PathKey($0.path)]?.reason ?? "skipped before")
      }
      missing += plan.missing
      summary.unchanged += plan.unchanged
    }
    summary.missing = missing.count
    await progress(Progress(scanning: true, processed: 0, total: work.count))
    if !missing.isEmpty { try await store.apply(scanned: [], missing: missing) }

    let finder = CoverFinder.forScan(store: covers, log: log)
    let batches = stride(from: 0, to: work.count, by: batchSize).map { start in
      Array(work[start..<min(start + batchSize, work.count)])
    }
    // The next batch is read while this one is stored: the store's fsyncs and catalog upkeep run
    // on its own queue, so the cores keep hashing meanwhile. Its covers are fsynced by the lanes
    // before its own batch is committed.
    let (queue, reader) = (queue, reader)
    let read = { @Sendable (batch: [LibraryFile]) in
      Task { try await BlockingWork.run(on: queue) { Self.readInParallel(batch, covers: finder, reader: reader) } }
    }
    var next = batches.first.map(read)
    var processed = 0
    for (index, batch) in batches.enumerated() {
      guard let reading = next else { break }
      let results = try await reading.value
      next = index + 1 < batches.count ? read(batches[index + 1]) : nil
      var scanned: [ScannedTrack] = []
      for result in results {
        switch result {
        case .success(let track): scanned.append(track)
        case .failure(let skip):
          skipped.append(skip)
          log("scan: skipped \(skip.path): \(skip.reason)")
        }
      }
      do {
        try await store.apply(scanned: scanned, missing: [])
      } catch {
        _ = try? await next?.value  // no read outlives the scan
        throw error
      }
      summary.added += scanned.count
      processed += batch.count
      await progress(Progress(scanning: processed < work.count, processed: processed, total: work.count))
    }
    if work.isEmpty { await progress(Progress(scanning: false, processed: 0, total: 0)) }
    var files = skippedBefore.mapValues(\.file)
    for file in work { files[PathKey(file.path)] = file }
    skippedFiles.all = Dictionary(
      skipped.compactMap { skip in
        files[PathKey(skip.path)].map { (PathKey(skip.path), (file: $0, reason: skip.reason)) }
      },
      uniquingKeysWith: { first, _ in first })
    summary.skippedFiles = skippedFiles.all.values.map { ScanSkip(path: $0.file.path, reason: $0.reason) }
      .sorted { $0.path < $1.path }
    summary.skipped = summary.skippedFiles.count
    return summary
  }

  /// What the last scan skipped and why, by path; a file found under two roots is one entry.
  private final class SkippedFiles: Sendable {
    private let files = Mutex<[PathKey: (file: LibraryFile, reason: String)]>([:])

    var all: [PathKey: (file: LibraryFile, reason: String)] {
      get { files.withLock { $0 } }
      set { files.withLock { $0 = newValue } }
    }
  }

  /// Hashing and tag reading are CPU- and I/O-bound C calls: one lane per core.
  private static let readers = WorkerLanes(
    label: "blastoise.scan-read", count: ProcessInfo.processInfo.activeProcessorCount)

  static func readInParallel(_ files: [LibraryFile], covers: CoverFinder, reader: @escaping Reader)
    -> [Result<ScannedTrack, ScanSkip>]
  {
    let results = Mutex([Result<ScannedTrack, ScanSkip>?](repeating: nil, count: files.count))
    readers.forEach(files.count) { index in
      let result = reader(files[index], covers)
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}
