import BlastoiseProtocol

/// A file on disk as the scanner last saw it. Two are equal when their paths hold the same bytes
/// (`PathKey`) and their size and modification time agree.
public struct LibraryFile: Sendable, Equatable {
  public let path: String
  public let size: Int64
  /// Modification time in nanoseconds since the epoch.
  public let modified: Int64

  public init(path: String, size: Int64, modified: Int64) {
    self.path = path
    self.size = size
    self.modified = modified
  }

  public static func == (lhs: LibraryFile, rhs: LibraryFile) -> Bool {
    lhs.size == rhs.size && lhs.modified == rhs.modified && PathKey.sameBytes(lhs.path, rhs.path)
  }
}

/// What the scanner learned about one file's contents.
public struct ScannedTrack: Sendable, Equatable {
  public let file: LibraryFile
  public let trackID: String
  public let title: String?
  public let artist: String?
  public let album: String?
  public let duration: Double
  public let replayGainDb: Double?
  public let replayPeak: Double?
  /// Kbit/s, as the file's headers say (`AudioTags.bitRate`).
  public let bitRate: Int?
  /// The cover the scan kept for it (`CoverID`), if it has one.
  public let coverID: String?
  /// Album artist, numbers, genres, … (the catalog's tags).
  public let catalog: CatalogTags

  public init(
    file: LibraryFile, trackID: String, title: String?, artist: String?, album: String?, duration: Double,
    replayGainDb: Double?, replayPeak: Double?, bitRate: Int? = nil, coverID: String? = nil,
    catalog: CatalogTags = CatalogTags()
  ) {
    self.bitRate = bitRate
    self.file = file
    self.trackID = trackID
    self.title = title
    self.artist = artist
    self.album = album
    self.duration = duration
    self.replayGainDb = replayGainDb
    self.replayPeak = replayPeak
    self.coverID = coverID
    self.catalog = catalog
  }
}

/// What the library needs from storage. Tracks are keyed by content hash; files by path; a track
/// is available while at least one of its files is present.
public protocol LibraryStore: Sendable {
  /// Every known file under `root` keyed by path, and which of them are present.
  func knownFiles(under root: String) async throws -> (files: [PathKey: LibraryFile], present: Set<PathKey>)
  /// Records scanned files (new tracks or new paths of known ones) and marks `missing` paths
  /// absent, and brings the catalog (`CatalogStore`) up to date with them, in one transaction.
  func apply(scanned: [ScannedTrack], missing: [String]) async throws
  /// Tracks in library order (`LibraryOrder`), `limit` (nil: all) from `offset`.
  func tracks(offset: Int, limit: Int?) async throws -> Page<Track>
  func track(id: String) async throws -> Track?
  /// A present file holding the track's bytes.
  func filePath(forTrack id: String) async throws -> String?
  /// The track's lyrics, if its tags hold some.
  func lyrics(forTrack id: String) async throws -> String?
}

extension LibraryStore {
  /// Every track, in library order.
  public func tracks() async throws -> [Track] { try await tracks(offset: 0, limit: nil).items }
}
