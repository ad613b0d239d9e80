/// The limits URL import runs under, from the server configuration.
struct ImportSettings: Sendable {
  /// `<data-dir>/imports`: finished files land here; each running job downloads into a hidden
  /// `.import-<id>` folder inside it (the scanner skips names starting with ".").
  var directory: String
  /// Loopback, private, link-local… addresses may be imported from (`--allow-private-imports`).
  var allowPrivateAddresses = false
  var maxFileBytes: Int64 = 512 << 20
  /// Wall-clock limit of one download (yt-dlp is killed after it).
  var jobTimeoutSeconds: Double = 1800
  /// Wall-clock limit of looking at a URL (`POST /api/fetch`).
  var probeTimeoutSeconds: Double = 120
  /// yt-dlp's `--socket-timeout`.
  var socketTimeoutSeconds: Int = 30
  /// Downloads at the same time.
  var concurrency = 2
  /// Entries a playlist answer lists and a confirm may queue.
  var maxPlaylistItems = 500
  /// Unfinished jobs one user may have.
  var maxActiveJobsPerUser = 1000
  /// yt-dlp processes looking at URLs at the same time (each is a Python process).
  var maxConcurrentProbes = 4

  static let temporaryPrefix = ".import-"
}
