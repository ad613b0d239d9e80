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

  public init(
    version: String, database: String, musicDirectory: String, audiobooksDirectory: String?,
    photosDirectory: String?, allowGuests: Bool, allowSignup: Bool, urlImport: Bool, tracks: Int, startedAt: Int64
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
  }
}
