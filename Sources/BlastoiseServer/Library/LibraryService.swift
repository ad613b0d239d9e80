import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import Foundation
import Synchronization

/// The library as the server runs it: scans (one at a time, off the request threads), the
/// cached `/api/library` answer, and adding uploaded files.
final class LibraryService: Sendable {
  let store: any LibraryStore
  let roots: [String]
  let uploadsDirectory: String
  private let scanner: LibraryScanner
  private let scanQueue = DispatchQueue(label: "library-scan")
  private let cachedLibrary = Mutex<HTTPResponse?>(nil)
  private let observers = Mutex<[@Sendable (LibraryEvent) -> Void]>([])

  init(store: any LibraryStore, musicDirectory: String, dataDirectory: String) {
    self.store = store
    uploadsDirectory = dataDirectory + "/uploads"
    roots = [musicDirectory, uploadsDirectory, dataDirectory + "/imports"]
    scanner = LibraryScanner(store: store, log: ServerLog.write)
  }

  /// Scan progress and library changes, for sockets to announce.
  func observe(_ observer: @escaping @Sendable (LibraryEvent) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Runs a scan on the scan queue; returns when it is done.
  func scan() async throws -> LibraryScanner.Summary {
    try await withCheckedThrowingContinuation { continuation in
      scanQueue.async { [self] in
        continuation.resume(with: Result { try scanNow() })
      }
    }
  }

  private func scanNow() throws -> LibraryScanner.Summary {
    for directory in roots.dropFirst() {
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let started = Date()
    let summary = try scanner.scan(roots: roots) { [self] progress in emit(.scanProgress(progress)) }
    ServerLog.write(
      "scan: \(summary.added) read, \(summary.unchanged) unchanged, \(summary.missing) missing, "
        + "\(summary.skipped) skipped in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    if summary.added > 0 || summary.missing > 0 { libraryChanged() }
    return summary
  }

  /// `GET /api/library`, encoded once per change.
  func libraryResponse() throws -> HTTPResponse {
    if let cached = cachedLibrary.withLock({ $0 }) { return cached }
    let response = HTTPResponse.json(try store.tracks())
    cachedLibrary.withLock { $0 = response }
    return response
  }

  func libraryChanged() {
    cachedLibrary.withLock { $0 = nil }
    emit(.libraryChanged)
  }

  func emit(_ event: LibraryEvent) {
    for observer in observers.withLock({ $0 }) { observer(event) }
  }
}

enum LibraryEvent: Sendable {
  case scanProgress(LibraryScanner.Progress)
  case libraryChanged
  case added([Track])
}
