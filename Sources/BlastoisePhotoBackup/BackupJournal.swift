/// What a device remembers between runs, so a second run costs no reading and a stopped one
/// loses nothing: each file's checksum by its fingerprint (a changed file is hashed again), the
/// files the server confirmed, and the resumable upload each unfinished file was going to.
public struct BackupJournal: Sendable, Equatable, Codable {
  /// Lower-case hex SHA-256 by `BackupItem.fingerprint`.
  public var checksums: [String: String] = [:]
  /// Fingerprints of files the server has.
  public var backedUp: Set<String> = []
  /// Upload path on the server by fingerprint.
  public var uploads: [String: String] = [:]

  public init() {}

  public mutating func confirm(_ item: BackupItem) {
    backedUp.insert(item.fingerprint)
    uploads[item.fingerprint] = nil
  }

  /// Keeps only what concerns `items` (files gone from the device are forgotten).
  public mutating func keepOnly(_ items: [BackupItem]) {
    let current = Set(items.map(\.fingerprint))
    checksums = checksums.filter { current.contains($0.key) }
    backedUp = backedUp.intersection(current)
    uploads = uploads.filter { current.contains($0.key) }
  }
}
