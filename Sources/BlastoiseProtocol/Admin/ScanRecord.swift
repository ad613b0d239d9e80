/// `GET /api/admin/scans` (admins): one of this node's recent library scans, newest first.
public struct ScanRecord: Codable, Sendable, Equatable {
  /// A file the scan passed over, and why.
  public struct Skipped: Codable, Sendable, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// Milliseconds since the epoch.
  public var startedAt: Int64
  public var finishedAt: Int64
  /// What started it: `start` (the server's start), `hourly`, `admin` (the web app's Rescan),
  /// `subsonic` (an app's startScan) or `command` (`blastoise scan`).
  public var trigger: String
  /// Why it stopped, when it failed (its counts are then what it had done).
  public var failure: String?
  public var added: Int
  public var unchanged: Int
  public var missing: Int
  public var skipped: Int
  /// The skipped files by path, at most `ScanRecord.listedSkips` (`skipped` counts them all).
  public var skippedFiles: [Skipped]

  public static let listedSkips = 200

  public init(
    startedAt: Int64, finishedAt: Int64, trigger: String, failure: String?, added: Int, unchanged: Int,
    missing: Int, skipped: Int, skippedFiles: [Skipped]
  ) {
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.trigger = trigger
    self.failure = failure
    self.added = added
    self.unchanged = unchanged
    self.missing = missing
    self.skipped = skipped
    self.skippedFiles = skippedFiles
  }
}
