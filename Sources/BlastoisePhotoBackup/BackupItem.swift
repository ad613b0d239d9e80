import Foundation

/// One photo or video on the device, as backup sees it before sending anything.
public struct BackupItem: Sendable, Equatable, Codable {
  /// Where it is on the device (a path under the folder, a PhotoKit local identifier…): the
  /// device's asset ID, stable across runs.
  public var assetID: String
  /// The file name the server files it under.
  public var name: String
  /// 0 while not known (a photo kept in iCloud has no size until it is downloaded).
  public var size: Int64
  /// When it was taken, or else last changed: milliseconds since 1970.
  public var takenAt: Int64
  /// "YYYY-MM" of `takenAt` on the device's own clock.
  public var month: String
  public var isVideo: Bool

  public init(assetID: String, name: String, size: Int64, takenAt: Int64, month: String, isVideo: Bool) {
    self.assetID = assetID
    self.name = name
    self.size = size
    self.takenAt = takenAt
    self.month = month
    self.isVideo = isVideo
  }

  /// "YYYY-MM" of `date` in `timeZone`.
  public static func month(of date: Date, in timeZone: TimeZone = .current) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month], from: date)
    let year = parts.year ?? 1970
    let month = parts.month ?? 1
    return String(format: "%04d-%02d", year, month)
  }

  /// Changes when the file does: a new size or time means new bytes to hash and maybe send.
  public var fingerprint: String { "\(assetID)|\(size)|\(takenAt)" }
}
