/// `GET /api/admin/server` (admins): how this server runs — its version, its database, the
/// folders it reads, its switches, and the library it has now — for the admin's Server panel.
public struct ServerReport: Codable, Sendable, Equatable {
  public var version: String
  /// `sqlite` or `postgresql` (never the connection's address or password).
  public var database: String
  public var musicDirectory: String
  public var audiobooksDirectory: String?
  public var photosDirectory: String?
  public var allowGuests: Bool
  public var allowSignup: Bool
  public var urlImport: Bool
  /// Present library tracks now.
  public var tracks: Int
  /// When this process started, ms since 1970.
  public var startedAt: Int64
  /// Additive: how URL import runs, when it is switched on (`--ytdlp`).
  public var importSettings: ImportReport?

  public init(
    version: String, database: String, musicDirectory: String, audiobooksDirectory: String?,
    photosDirectory: String?, allowGuests: Bool, allowSignup: Bool, urlImport: Bool, tracks: Int, startedAt: Int64,
    importSettings: ImportReport? = nil
  ) {
    self.version = version
    self.database = database
    self.musicDirectory = musicDirectory
    self.audiobooksDirectory = audiobooksDirectory
    self.photosDirectory = photosDirectory
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
    self.urlImport = urlImport
    self.tracks = tracks
    self.startedAt = startedAt
    self.importSettings = importSettings
  }
}

/// URL import's limits as the server runs them (`--max-import-mb`, `--allow-private-imports`, and
/// the built-in ones).
public struct ImportReport: Codable, Sendable, Equatable {
  /// Downloads at the same time, on each node.
  public var concurrency: Int
  public var maxFileBytes: Int64
  /// A download is stopped after this long.
  public var jobTimeoutSeconds: Double
  /// Entries a playlist import may hold.
  public var maxPlaylistItems: Int
  /// Unfinished imports one person may have.
  public var maxActiveJobsPerUser: Int
  /// Loopback and private addresses may be imported from (`--allow-private-imports`).
  public var allowPrivateAddresses: Bool

  public init(
    concurrency: Int, maxFileBytes: Int64, jobTimeoutSeconds: Double, maxPlaylistItems: Int, maxActiveJobsPerUser: Int,
    allowPrivateAddresses: Bool
  ) {
    self.concurrency = concurrency
    self.maxFileBytes = maxFileBytes
    self.jobTimeoutSeconds = jobTimeoutSeconds
    self.maxPlaylistItems = maxPlaylistItems
    self.maxActiveJobsPerUser = maxActiveJobsPerUser
    self.allowPrivateAddresses = allowPrivateAddresses
  }
}
