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

  struct Outcome: Codable, Sendable {
    var success = true
    var tracks: [Track] = []
    var duplicates: [Track] = []
  }

  func ingest(_ parts: [MultipartPart]) throws -> Outcome {
    let files = parts.filter { $0.name == "file" && $0.temporaryFilePath != nil }
    guard !files.isEmpty else { throw HTTPError(.badRequest, "Attach one or more files in the field 'file'") }
    var checked: [(part: MultipartPart, track: ScannedTrack)] = []
    for part in files {
      let name = part.filename ?? ""
      guard AudioFormats.acceptedExtension(of: name) != nil else {
        throw HTTPError(.unsupportedMediaType, "'\(name)' is not a supported audio file")
      }
      guard let path = part.temporaryFilePath,
        case .success(let track) = TrackFileReader.read(LibraryFile(path: path, size: Int64(part.size), modified: 0))
      else { throw HTTPError(.unsupportedMediaType, "'\(name)' is not readable audio") }
      checked.append((part, track))
    }

    var outcome = Outcome()
    var kept: [ScannedTrack] = []
    for (part, track) in checked {
      if try library.store.filePath(forTrack: track.trackID) != nil
        || kept.contains(where: { $0.trackID == track.trackID })
      {
        if let existing = try library.store.track(id: track.trackID) { outcome.duplicates.append(existing) }
        continue
      }
      let destination = try moveIntoLibrary(part, named: part.filename ?? "upload")
      kept.append(track.relocated(to: destination))
    }
    try library.store.apply(scanned: kept, missing: [])
    outcome.tracks = try kept.compactMap { try library.store.track(id: $0.trackID) }
    if !kept.isEmpty {
      library.libraryChanged()
      library.emit(.added(outcome.tracks))
    }
    return outcome
  }

  private func moveIntoLibrary(_ part: MultipartPart, named name: String) throws -> LibraryFile {
    guard let source = part.temporaryFilePath,
      let file = UploadNames.place(source, named: name, in: library.uploadsDirectory)
    else { throw HTTPError(.internalServerError, "Could not store the upload") }
    return file
  }
}

extension ScannedTrack {
  func relocated(to file: LibraryFile) -> ScannedTrack {
    ScannedTrack(
      file: file, trackID: trackID, title: title, artist: artist, album: album, duration: duration,
      replayGainDb: replayGainDb, replayPeak: replayPeak)
  }
}
