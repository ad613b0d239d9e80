/// Which of a feed's episodes to download and which downloads to delete: the newest
/// `keepLatest` are kept (downloaded when missing); an older download goes unless someone is in
/// the middle of it (past the start, not finished) or a person asked for it in the last
/// `requestWindow` and has not finished it. Pure: the downloader hands it what the store holds.
public enum PodcastRetention {
  public static let requestWindow: Int64 = 30 * 24 * 60 * 60 * 1_000
  public static let defaultKeepLatest = 3
  public static let maxKeepLatest = 50

  public struct Episode: Sendable, Equatable {
    public var guid: String
    public var url: String

    public init(guid: String, url: String) {
      self.guid = guid
      self.url = url
    }
  }

  public struct Plan: Sendable, Equatable {
    /// Guids to queue (no download row yet).
    public var download: [String]
    /// Guids whose download goes (row and file).
    public var delete: [String]
  }

  /// `episodes` newest first (the first `keepLatest` are enough); `downloads` of this feed and
  /// everyone's `listening` in them.
  public static func plan(
    episodes: [Episode], keepLatest: Int, downloads: [PodcastDownload], listening: [PodcastListening], now: Int64
  ) -> Plan {
    let latest = episodes.prefix(max(0, keepLatest))
    let rows = Dictionary(downloads.map { ($0.guid, $0) }, uniquingKeysWith: { first, _ in first })
    let download = latest.map(\.guid).filter { rows[$0] == nil }
    let kept = Set(latest.map(\.guid))
    let delete = downloads.filter { row in
      guard !kept.contains(row.guid) else { return false }
      // A download under way is left to finish; the next round decides.
      guard row.state != .downloading else { return false }
      let heard = listening.filter { $0.url == row.url }
      if heard.contains(where: { $0.position > 0 && !$0.finished }) { return false }
      if let asked = row.requestedAt, now - asked < requestWindow,
        !heard.contains(where: { $0.userID == row.requestedBy && $0.finished })
      {
        return false
      }
      return true
    }.map(\.guid)
    return Plan(download: download, delete: delete)
  }
}
