import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// `POST /api/upload`: every file part is checked (extension, then real audio with a duration)
/// before any is kept; a request with one bad file keeps nothing. Kept files are renamed from
/// their fsynced temp file into the uploads folder and added to the library; bytes the library
/// already has are reported as duplicates and not stored twice.
struct UploadIngest: Sendable {
  let library: LibraryService

  func ingest(_ parts: [MultipartPart]) async throws -> UploadResult {
    let files = parts.filter { $0.name == "file" && $0.temporaryFilePath != nil }
    guard !files.isEmpty else { throw HTTPError(.badRequest, "Attach one or more files in the field 'file'") }
    var checked: [(source: String, name: String, track: ScannedTrack)] = []
    for part in files {
      let name = part.filename ?? ""
      guard AudioFormats.acceptedExtension(of: name) != nil else {
        throw HTTPError(.unsupportedMediaType, "'\(name)' is not a supported audio file")
      }
      guard let path = part.temporaryFilePath,
        case .success(let track) = try await read(path, size: part.size)
      else { throw HTTPError(.unsupportedMediaType, "'\(name)' is not readable audio") }
      checked.append((path, part.filename ?? "upload", track))
    }
    do {
      let kept = try await library.keep(checked, in: library.uploadsDirectory)
      return UploadResult(tracks: kept.added, duplicates: kept.duplicates)
    } catch is LibraryService.PlacementFailed {
      throw HTTPError(.internalServerError, "Could not store the upload")
    }
  }

  /// Hashes the file, reads its tags and keeps its embedded cover, on the library's file queue.
  private func read(_ path: String, size: Int) async throws -> Result<ScannedTrack, ScanSkip> {
    let covers = library.embeddedCovers
    return try await BlockingWork.run(on: library.fileQueue) {
      TrackFileReader.read(LibraryFile(path: path, size: Int64(size), modified: 0), covers: covers)
    }
  }
}
