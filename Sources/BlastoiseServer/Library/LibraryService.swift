import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import BlastoiseSync
import Foundation
import Synchronization

/// The library as the server runs it: scans (one at a time, among all the nodes sharing the store;
/// their blocking work off the pool), the cached `/api/library` answer, and adding uploaded files.
final class LibraryService: Sendable {
  let store: any LibraryStore
  let roots: [String]
  let uploadsDirectory: String
  /// Covers by content, under `<data-dir>/covers`.
  let covers: CoverStore
  /// Covers of uploads and imports: embedded pictures only.
  let embeddedCovers: CoverFinder
  private let scanner: LibraryScanner
  private let scanning = AsyncGate()
  /// This node's recent scans, for admins.
  let scans = ScanLog()
  /// Where the scan lock is taken: one scanner at a time among the nodes.
  private let locks: any NodeLocks
  /// Hashing uploads and placing files: blocking file work, kept off the Swift pool.
  let fileQueue = DispatchQueue(label: "blastoise.library-files")
  /// The encoded answer (gzip-compressed: `GzipJSON`), and the library's generation: it moves on
  /// with every change, so an answer read before a change is never cached after it.
  private let cachedLibrary = Mutex<(answer: GzipJSON?, generation: UInt64)>((nil, 0))
  private let observers = Mutex<[@Sendable (LibraryEvent) async -> Void]>([])
  /// Tells the other nodes sharing the store that this one changed the library (nothing alone).
  private let announce: @Sendable () async -> Void

  init(
    store: any LibraryStore, locks: any NodeLocks, musicDirectory: String, dataDirectory: String,
    announce: @escaping @Sendable () async -> Void = {}
  ) {
    self.store = store
    self.locks = locks
    self.announce = announce
    uploadsDirectory = dataDirectory + "/uploads"
    roots = [musicDirectory, uploadsDirectory, dataDirectory + "/imports"]
    covers = CoverStore(directory: dataDirectory + "/covers")
    embeddedCovers = CoverFinder.embeddedOnly(store: covers, log: ServerLog.write)
    scanner = LibraryScanner(store: store, covers: covers, log: ServerLog.write)
  }

  /// Scan progress and library changes, for sockets to announce.
  func observe(_ observer: @escaping @Sendable (LibraryEvent) async -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Scans every root; a scan asked for while one runs on this node starts after it. Returns
  /// when done; refused (409) while another node scans.
  func scan(_ trigger: ScanTrigger) async throws -> LibraryScanner.Summary {
    guard let summary = try await scanUnlessElsewhere(trigger) else {
      throw CoreError(.conflict, "A scan is running on another node")
    }
    return summary
  }

  /// The scans at start and every hour: while another node scans, this one waits for it to end
  /// and then reads the library again instead of scanning it twice.
  func scanOrFollow(_ trigger: ScanTrigger) async throws {
    guard try await scanUnlessElsewhere(trigger) == nil else { return }
    ServerLog.write("scan: a scan is running on another node; this node follows it")
    repeat {
      try await Task.sleep(for: .seconds(1))
    } while !(try await isScanLockFree())
    ServerLog.write("scan: the other node's scan ended; the library is read again")
    await changedElsewhere()
  }

  /// Scans under the scan lock; nil, without scanning, when another node holds it.
  private func scanUnlessElsewhere(_ trigger: ScanTrigger) async throws -> LibraryScanner.Summary? {
    try await scanning.withLock {
      guard try await locks.tryLock(.scan) else { return nil }
      let started = Int64(Date().timeIntervalSince1970 * 1000)
      let finished = { Int64(Date().timeIntervalSince1970 * 1000) }
      do {
        let summary = try await scanNow()
        await locks.unlock(.scan)
        scans.record(trigger, startedAt: started, finishedAt: finished(), outcome: .success(summary))
        return summary
      } catch {
        await locks.unlock(.scan)
        scans.record(trigger, startedAt: started, finishedAt: finished(), outcome: .failure(error))
        throw error
      }
    }
  }

  /// Between a scan's batches: a scan lock lost with its database session is taken again, or,
  /// when another node took it first, the overlap is logged (both scans write the same rows for
  /// the same files, so it costs work, not data).
  private func keepScanLock() async {
    guard !(await locks.holds(.scan)) else { return }
    if (try? await locks.tryLock(.scan)) == true {
      ServerLog.write("scan: the scan lock went with its database session; this node took it again")
    } else {
      ServerLog.write("scan: the scan lock went with its database session and another node holds it; this scan goes on")
    }
  }

  private func isScanLockFree() async throws -> Bool {
    guard try await locks.tryLock(.scan) else { return false }
    await locks.unlock(.scan)
    return true
  }

  private func scanNow() async throws -> LibraryScanner.Summary {
    for directory in roots.dropFirst() {
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let started = Date()
    let summary = try await scanner.scan(roots: roots) { [self] progress in
      // Each batch is in the store by now: answers cached before it are old.
      if progress.processed > 0 {
        nextGeneration()
        await keepScanLock()
      }
      await emit(.scanProgress(progress))
    }
    ServerLog.write(
      "scan: \(summary.added) read, \(summary.unchanged) unchanged, \(summary.missing) missing, "
        + "\(summary.skipped) skipped in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    if summary.added > 0 || summary.missing > 0 { await libraryChanged() }
    FreedMemory.release()
    return summary
  }

  /// `GET /api/library`: the whole list is encoded once per change and kept compressed; a page
  /// (`limit`, `offset`) is read when asked for, with the whole list's length in `X-Total-Count`.
  func libraryResponse(_ page: PageQuery, for request: HTTPRequest) async throws -> HTTPResponse {
    if page != PageQuery() {
      let tracks = try await store.tracks(offset: page.offset, limit: page.limit)
      var response = HTTPResponse.json(tracks.items)
      response.headers.add("X-Total-Count", String(tracks.total))
      return response
    }
    let (cached, generation) = cachedLibrary.withLock { ($0.answer, $0.generation) }
    if let cached { return cached.response(for: request) }
    let tracks = try await store.tracks()
    guard let answer = GzipJSON(array: tracks) else {
      return .error(HTTPError(.internalServerError, "Could not encode the response"))
    }
    cachedLibrary.withLock { if $0.generation == generation { $0.answer = answer } }
    FreedMemory.release()
    return answer.response(for: request)
  }

  /// Moves on with every change of the library (and so of the catalog), also with each batch
  /// of a scan.
  var generation: UInt64 { cachedLibrary.withLock { $0.generation } }

  private func nextGeneration() {
    cachedLibrary.withLock { $0 = (nil, $0.generation + 1) }
  }

  /// This node changed the library (committed): its caches move on, then the other nodes hear.
  func libraryChanged() async {
    await changedElsewhere()
    await announce()
  }

  /// Another node changed the library: caches move on and the catalog is read again.
  func changedElsewhere() async {
    nextGeneration()
    await emit(.libraryChanged)
    // Again once the observers are done: what was answered from the in-memory catalog while it
    // was read again (kept under the generation before this one) is not kept past it.
    nextGeneration()
  }

  /// Tells every observer, in order, and returns when they are done.
  func emit(_ event: LibraryEvent) async {
    for observer in observers.withLock({ $0 }) { await observer(event) }
  }
}

enum LibraryEvent: Sendable {
  case scanProgress(LibraryScanner.Progress)
  case libraryChanged
  case added([Track])
}
