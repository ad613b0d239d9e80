import BlastoiseCore

/// Phases 4 and 5 for one file: hash it, read its tags and embedded picture (one open by TagLib)
/// and find its cover. A file that is not readable audio is skipped with a reason.
public enum TrackFileReader {
  public static func read(_ file: LibraryFile, covers: CoverFinder) -> Result<ScannedTrack, ScanSkip> {
    guard let trackID = FileHasher.trackID(ofFileAt: file.path) else {
      return .failure(ScanSkip(path: file.path, reason: "cannot read the file"))
    }
    switch TagReader.read(path: file.path, pictureLimit: CoverCheck.maxBytes) {
    case .failure(let error):
      return .failure(ScanSkip(path: file.path, reason: error.reason))
    case .success(let (tags, picture)):
      return .success(
        ScannedTrack(
          file: file, trackID: trackID, title: tags.title, artist: tags.artist, album: tags.album,
          duration: tags.duration, replayGainDb: tags.replayGainDb, replayPeak: tags.replayPeak,
          bitRate: tags.bitRate, coverID: covers.coverID(forTrackAt: file.path, embedded: picture),
          catalog: tags.catalog))
    }
  }
}

/// A file the scanner passed over, and why (logged; the scan goes on).
public struct ScanSkip: Error, Sendable, Equatable {
  public let path: String
  public let reason: String
}
