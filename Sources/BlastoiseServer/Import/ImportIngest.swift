import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol
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

  /// One ingest at a time, off the Swift pool (hashing reads the whole file).
  private static let queue = DispatchQueue(label: "import-ingest")

  func add(_ path: String) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      Self.queue.async { continuation.resume(with: Result { try addNow(path) }) }
    }
  }

  private func addNow(_ path: String) throws -> Outcome {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ImportFailure(.failed, "The downloaded file disappeared") }
    guard
      case .success(let scanned) = TrackFileReader.read(LibraryFile(path: path, size: Int64(info.st_size), modified: 0))
    else { throw ImportFailure(.failed, "The download is not readable audio") }
    if try library.store.filePath(forTrack: scanned.trackID) != nil,
      let existing = try library.store.track(id: scanned.trackID)
    {
      unlink(path)
      return .duplicate(existing)
    }
    let destination = try moveIntoLibrary(path)
    try library.store.apply(scanned: [scanned.relocated(to: destination)], missing: [])
    guard let track = try library.store.track(id: scanned.trackID) else {
      throw ImportFailure(.failed, "The library did not take the file")
    }
    library.libraryChanged()
    library.emit(.added([track]))
    return .added(track)
  }

  /// The download was written by yt-dlp, not by us: fsync it before it is placed.
  private func moveIntoLibrary(_ source: String) throws -> LibraryFile {
    let descriptor = open(source, O_RDONLY)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
    guard let file = UploadNames.place(source, named: (source as NSString).lastPathComponent, in: directory) else {
      throw ImportFailure(.failed, "Could not store the download")
    }
    return file
  }
}
