import BlastoiseHTTP
import BlastoiseSync

/// Everything `blastoise serve` is told by flags and environment (design §7).
public struct ServerConfiguration: Sendable, Equatable {
  public var host = "0.0.0.0"
  public var port: UInt16 = 3001
  public var dataDirectory = "./data"
  /// The SQLite file in `dataDirectory`, or a PostgreSQL database (`--database`).
  public var database = DatabaseLocation.sqlite
  public var musicDirectory = "./music"
  /// Audiobooks, one folder each (`--audiobooks-dir`); nil: no audiobooks (a missing folder is
  /// none either).
  public var audiobooksDirectory: String? = "./audiobooks"
  /// Backed-up photos, `<person>/<YYYY>/<MM>/<name>` (`--photos-dir`); nil: `<data-dir>/photos`.
  public var photosDirectory: String?
  /// Bytes of photos each person may keep (`--photo-quota-gb`); nil: no quota.
  public var photoQuotaBytes: Int64?
  /// The largest photo or video one upload may send (`--max-photo-mb`).
  public var maxPhotoMegabytes = 4_096
  public var webDirectory = "./Web"
  public var allowGuests = false
  public var allowSignup = true
  public var demoLibrary = false
  public var urlImportEnabled = false
  /// Origins besides the server's own that may send mutating requests and open sockets.
  public var allowedOrigins: [String] = []
  /// The address users type (`--public-url`), normalized to `scheme://host[:port]`: its host is
  /// one the server answers to.
  public var publicURL: String?
  /// Reverse proxies whose `X-Forwarded-For`/`X-Forwarded-Proto` are believed (`--trusted-proxy`;
  /// `--trust-proxy` adds `AddressRange.loopback`). Empty: those headers are ignored.
  public var trustedProxies: [AddressRange] = []
  /// Connections one client address may hold at once (`--connections-per-address`; 0: no cap).
  /// Unset: the HTTP server's default (128), or no cap when proxies are trusted — every client then
  /// has a proxy's address, and the proxy is where to cap them.
  public var connectionsPerAddress: Int?
  public var sessionIdleDays = 14
  public var sessionMaxDays = 90
  /// A guest session unused this long ends; one address holds at most this many.
  public var guestIdleSeconds = 600
  public var guestSessionsPerAddress = 20
  public var maxUploadMegabytes = 512
  /// What the server fetches itself — URL import, podcast feeds — may reach loopback, private
  /// and link-local addresses (`--allow-private-imports`).
  public var allowPrivateImports = false
  /// How often a podcast feed is fetched again (`--podcast-refresh-minutes`).
  public var podcastRefreshMinutes = 60
  /// How often each node looks for due feeds (seconds; tests shorten it).
  public var podcastCheckSeconds: Double = 30
  /// The largest episode file the server downloads (`--max-episode-mb`).
  public var maxEpisodeMegabytes = 1_024
  /// Largest file one URL import may download (`--max-import-mb`).
  public var maxImportMegabytes = 512
  /// Wall-clock limit of one import download, of looking at a URL, and yt-dlp's socket timeout.
  public var importTimeoutSeconds: Double = 1800
  public var importProbeTimeoutSeconds: Double = 120
  public var importSocketTimeoutSeconds = 30
  /// Import downloads running at the same time.
  public var importConcurrency = 2
  /// How long a database write waits for a lock held by another process (SQLite) or transaction
  /// (PostgreSQL) before it gives up (503).
  public var storeBusyTimeout: Duration = .seconds(5)
  /// How long the session check before an upload's body may hold a libmicrohttpd thread (503
  /// past it, so one slow store cannot stall every connection). Test servers raise it: their
  /// process runs every test at once, and a session lookup there can wait seconds for a thread.
  public var sessionCheckLimit: Duration = .seconds(5)
  /// How far ahead a jump starts its track (`RoomClock.jumpLead`). Session tests lengthen it, so
  /// that the state reaches a player before then also on a busy machine.
  public var jumpLead = RoomClock.jumpLead
  /// How long a connection may be quiet before libmicrohttpd closes it (its handler's wait on a
  /// thread included). Test servers raise it, for the same reason.
  public var idleTimeoutSeconds = HTTPServer.Configuration().connectionTimeoutSeconds
  /// How long a room socket may be silent (not even answering pings) before it is dropped. Test
  /// servers raise it too: a test's socket answers pings only while the test reads it.
  public var socketIdleTimeout = WebSocketHub.Configuration().idleTimeout
  /// argon2id work per password; only test servers lower it.
  public var passwordHashCost = PasswordHashCost.standard

  public init() {}

  public var photosFolder: String { photosDirectory ?? dataDirectory + "/photos" }
}
