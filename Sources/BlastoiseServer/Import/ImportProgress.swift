/// yt-dlp's progress, from lines printed through our `--progress-template`:
/// `BLASTOISE-PROGRESS <status> <downloaded_bytes> <total_bytes> <total_bytes_estimate>`,
/// where unknown numbers are `NA`.
struct ImportProgress: Sendable, Equatable {
  static let marker = "BLASTOISE-PROGRESS"
  /// The template handed to `--progress-template` (only the `download:` stage).
  static let template =
    "download:\(marker) %(progress.status)s %(progress.downloaded_bytes)s %(progress.total_bytes)s "
    + "%(progress.total_bytes_estimate)s"

  var finished: Bool
  var downloadedBytes: Int64
  var totalBytes: Int64?

  /// 0–99 while downloading (100 is for a job that is done), nil when the size is unknown.
  var percent: Int? {
    guard let totalBytes, totalBytes > 0 else { return finished ? 99 : nil }
    return min(99, Int(downloadedBytes * 100 / totalBytes))
  }

  init(finished: Bool, downloadedBytes: Int64, totalBytes: Int64?) {
    self.finished = finished
    self.downloadedBytes = downloadedBytes
    self.totalBytes = totalBytes
  }

  /// Nil for lines that are not ours.
  init?(line: String) {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count == 5, fields[0] == Self.marker else { return nil }
    finished = fields[1] == "finished"
    guard let downloaded = Self.number(fields[2]) else { return nil }
    downloadedBytes = downloaded
    totalBytes = Self.number(fields[3]) ?? Self.number(fields[4])
  }

  /// yt-dlp prints integers, and floats for estimates.
  private static func number(_ field: Substring) -> Int64? {
    if let value = Int64(field) { return value }
    if let value = Double(field), value.isFinite, value >= 0, value < 1e18 { return Int64(value) }
    return nil
  }
}
