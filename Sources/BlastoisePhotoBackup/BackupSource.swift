import Foundation

/// Where the photos come from: a folder (the Linux command line), the photo library (PhotoKit on
/// a phone). Reading may be slow (an iCloud download), so it is async.
public protocol BackupSource: Sendable {
  func items() async throws -> [BackupItem]
  /// Up to `count` bytes of the item from `offset`.
  func read(_ item: BackupItem, offset: Int64, count: Int) async throws -> Data
  /// The whole item's SHA-256, lower-case hex.
  func sha256(_ item: BackupItem) async throws -> String
  /// SHA-256 of a chunk about to be sent, for the server to check.
  func sha256(of chunk: Data) -> Data
}
