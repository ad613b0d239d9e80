import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol

/// Files already read and hashed (`TrackFileReader`) joining the library: uploads and imports.
extension LibraryService {
  struct Kept {
    var added: [Track] = []
    var duplicates: [Track] = []
  }

  /// A file could not be placed in the library's folder.
  struct PlacementFailed: Error {}

  /// Bytes the library already has (or that came twice in `files`) are duplicates and are not
  /// stored again; the others are placed in `directory` under a safe, unused name
  /// (`UploadNames.place`), stored, and announced (`library_changed`, the `Added: …` toast).
  func keep(_ files: [(source: String, name: String, track: ScannedTrack)], in directory: String) async throws
    -> Kept
  {
    var kept = Kept()
    var placed: [ScannedTrack] = []
    for file in files {
      let id = file.track.trackID
      if try await store.filePath(forTrack: id) != nil || placed.contains(where: { $0.trackID == id }) {
        if let existing = try await store.track(id: id) { kept.duplicates.append(existing) }
        continue
      }
      let destination = try await BlockingWork.run(on: fileQueue) {
        UploadNames.place(file.source, named: file.name, in: directory)
      }
      guard let destination else { throw PlacementFailed() }
      placed.append(file.track.relocated(to: destination))
    }
    try await store.apply(scanned: placed, missing: [])
    for track in placed {
      if let added = try await store.track(id: track.trackID) { kept.added.append(added) }
    }
    if !placed.isEmpty {
      await libraryChanged()
      await emit(.added(kept.added))
    }
    return kept
  }
}

extension ScannedTrack {
  func relocated(to file: LibraryFile) -> ScannedTrack {
    ScannedTrack(
      file: file, trackID: trackID, title: title, artist: artist, album: album, duration: duration,
      replayGainDb: replayGainDb, replayPeak: replayPeak, bitRate: bitRate, coverID: coverID, catalog: catalog)
  }
}
