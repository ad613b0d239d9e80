import BlastoisePhotoBackup
import Foundation

/// The phone's photo backup as the page's Photo backup card drives it through the bridge
/// (`backup`, `backup-status`; `docs/native-bridge.md`). The platform provides it — PhotoKit on a
/// phone, a folder for `blastoise bridge-host --photos` — over `BlastoisePhotoBackup`'s session.
public protocol PhoneBackup: Sendable {
  /// The settings kept on the device.
  func settings() async -> BackupSettings
  /// Keeps `settings` and, when they allow it now, starts a run (one at a time).
  func apply(_ settings: BackupSettings) async
  /// Where backup is: running, the last run's outcome.
  func report() async -> BackupReport
}

/// What the card shows of this phone's backup.
public struct BackupReport: Sendable, Equatable {
  public enum State: String, Sendable { case off, waiting, running, done, failed }

  public var state: State
  public var files = 0
  public var done = 0
  /// The last run's end (ms since 1970), if any.
  public var lastRunAt: Int64?
  /// Why it failed or waits ("Waiting for Wi-Fi"), when it did.
  public var message: String?

  /// A run that ended with `summary` at `time`: done, or failed naming the files that failed.
  public init(finished summary: BackupSummary, at time: Int64) {
    let files = summary.sent + summary.alreadyThere + summary.failed.count
    self.init(
      state: summary.failed.isEmpty ? .done : .failed, files: files, done: files - summary.failed.count,
      lastRunAt: time,
      message: summary.failed.isEmpty ? nil : summary.failed.map { "\($0.name): \($0.reason)" }.joined(separator: "; "))
  }

  public init(state: State, files: Int = 0, done: Int = 0, lastRunAt: Int64? = nil, message: String? = nil) {
    self.state = state
    self.files = files
    self.done = done
    self.lastRunAt = lastRunAt
    self.message = message
  }
}

/// The card's switch and options, as the page sends them.
public struct BackupChoice: Sendable, Equatable, Codable {
  public var enabled: Bool
  public var wifiOnly: Bool?
  public var includeVideos: Bool?
  public var onlyWhileCharging: Bool?

  public init(enabled: Bool, wifiOnly: Bool? = nil, includeVideos: Bool? = nil, onlyWhileCharging: Bool? = nil) {
    self.enabled = enabled
    self.wifiOnly = wifiOnly
    self.includeVideos = includeVideos
    self.onlyWhileCharging = onlyWhileCharging
  }

  /// The device's settings after this choice by `account` (the one signed in): turned on for
  /// them, options as chosen (unchanged where the page left one out).
  public func applied(to current: BackupSettings, by account: BackupAccount) -> BackupSettings {
    var settings = current.afterSignIn(account)
    settings.enabled = enabled
    settings.account = enabled ? account : nil
    if let wifiOnly { settings.wifiOnly = wifiOnly }
    if let includeVideos { settings.includeVideos = includeVideos }
    if let onlyWhileCharging { settings.onlyWhileCharging = onlyWhileCharging }
    return settings
  }
}
