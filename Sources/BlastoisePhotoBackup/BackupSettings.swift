/// What the person chose for backup, kept on the device. What "Wi-Fi" and "charging" mean is
/// the platform's to say; these rules only decide with what it says.
public struct BackupSettings: Sendable, Equatable, Codable {
  public var enabled: Bool
  public var wifiOnly: Bool
  public var includeVideos: Bool
  public var onlyWhileCharging: Bool
  /// The account backup was turned on for: another one signed in turns it off.
  public var account: BackupAccount?

  public init(
    enabled: Bool = false, wifiOnly: Bool = true, includeVideos: Bool = true, onlyWhileCharging: Bool = false,
    account: BackupAccount? = nil
  ) {
    self.enabled = enabled
    self.wifiOnly = wifiOnly
    self.includeVideos = includeVideos
    self.onlyWhileCharging = onlyWhileCharging
    self.account = account
  }

  /// Backup turned on for `account`.
  public static func on(for account: BackupAccount) -> BackupSettings {
    BackupSettings(enabled: true, account: account)
  }

  /// Whether backup runs now for whoever is signed in, on this network and power.
  public func mayRun(signedIn: BackupAccount?, onWiFi: Bool, charging: Bool) -> Bool {
    guard enabled, let account, account == signedIn else { return false }
    return (onWiFi || !wifiOnly) && (charging || !onlyWhileCharging)
  }

  /// The settings once `signedIn` is the account: unchanged for the same one, off for another.
  public func afterSignIn(_ signedIn: BackupAccount) -> BackupSettings {
    guard let account, account != signedIn else { return self }
    var off = self
    off.enabled = false
    off.account = nil
    return off
  }

  public func includes(_ item: BackupItem) -> Bool { includeVideos || !item.isVideo }
}

/// A person on a server: backup belongs to one.
public struct BackupAccount: Sendable, Equatable, Codable {
  public var server: String
  public var username: String

  public init(server: String, username: String) {
    self.server = server
    self.username = username.lowercased()
  }
}
