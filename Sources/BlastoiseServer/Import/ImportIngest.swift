import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// A finished download joins the library the way an upload does: read and hashed
/// (`TrackFileReader`), renamed into `<data-dir>/imports` under a safe, unused name
/// (`UploadNames`), the folder fsynced, the store told, and the library change announced
/// (`Added: …` toast). Bytes the library already has are not stored twice.
struct ImportIngest: Sendable {
  let library: LibraryService
  let directory: String

  enum Outcome: Sendable, Equatable {
    case added(Track)
    case duplicate(Track)

    var track: Track {
      switch self {
      case .added(let track), .duplicate(let track): track
      }
    }
  }

  /// One ingest at a time (two downloads of the same bytes are kept once); hashing reads the
  /// whole file, on a queue of its own.
  private static let queue = DispatchQueue(label: "import-ingest")
  private static let ingesting = AsyncGate()

  func add(_ path: String) async throws -> Outcome {
    try await Self.ingesting.withLock { try await addNow(path) }
  }

  private func addNow(_ path: String) async throws -> Outcome {
    let covers = library.embeddedCovers
    let scanned = try await BlockingWork.run(on: Self.queue) { try Self.read(path, covers: covers) }
    let kept: LibraryService.Kept
    do {
      kept = try await library.keep([(path, (path as NSString).lastPathComponent, scanned)], in: directory)
    } catch is LibraryService.PlacementFailed {
      throw ImportFailure(.failed, "Could not store the download")
    }
    if let existing = kept.duplicates.first {
      unlink(path)
      return .duplicate(existing)
    }
    guard let track = kept.added.first else { throw ImportFailure(.failed, "The library did not take the file") }
    return .added(track)
  }

  /// Reads and hashes the download, and fsyncs it before it is placed.
  private static func read(_ path: String, covers: CoverFinder) throws -> ScannedTrack {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ImportFailure(.failed, "The downloaded file disappeared") }
    guard
      case .success(let scanned) = TrackFileReader.read(
        LibraryFile(path: path, size: Int64(info.st_size), modified: 0), covers: covers)
    else { throw ImportFailure(.failed, "The download is not readable audio") }
    // The download was written by yt-dlp, not by us: fsync it before it is placed.
    let descriptor = open(path, O_RDONLY)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
    return scanned
  }
}
