import BlastoiseProtocol

/// How a report of where someone got to becomes their stored progress. Pure: the store applies
/// it inside one transaction, so concurrent reports from a phone and a tab settle the same way.
public enum ProgressRule {
  /// Less than this left (seconds) counts as finished, as Audiobookshelf counts it.
  public static let finishedWithin = 10.0
  /// Longer than any episode or book (seconds): a bigger position or duration is refused.
  public static let longest = 1_000_000.0

  /// What is stored after `report` arrives at `now` (ms) over `stored`: `stored` itself when its
  /// position was true later than this one's, or at the same moment. A time claimed in the future
  /// is taken as `now`, so a device whose clock runs ahead cannot pin its position.
  public static func apply(
    _ report: ProgressReport, kind: ProgressKind, id: String, over stored: ListeningProgress?, now: Int64
  ) throws -> ListeningProgress {
    try check(report)
    let positionAt = min(report.at ?? now, now)
    if let stored, stored.positionAt >= positionAt { return stored }
    let duration = report.duration ?? stored?.duration
    let position = duration.map { min(report.position, $0) } ?? report.position
    let finished = report.finished ?? duration.map { $0 - position < finishedWithin } ?? false
    return ListeningProgress(
      kind: kind, id: id, position: position, duration: duration, finished: finished,
      positionAt: positionAt, updatedAt: now, feed: report.feed ?? stored?.feed, guid: report.guid ?? stored?.guid)
  }

  static func check(_ report: ProgressReport) throws {
    guard report.position.isFinite, (0...longest).contains(report.position) else {
      throw CoreError.invalid("position must be a number of seconds from 0 to \(Int(longest))")
    }
    if let duration = report.duration, !(duration.isFinite && duration > 0 && duration <= longest) {
      throw CoreError.invalid("duration must be a number of seconds above 0, at most \(Int(longest))")
    }
    if let at = report.at, at < 0 { throw CoreError.invalid("at must be milliseconds since 1970") }
    for (name, text) in [("feed", report.feed), ("guid", report.guid)] {
      if (text?.utf8.count ?? 0) > 2_048 { throw CoreError.invalid("\(name) must be at most 2048 bytes") }
    }
  }

  /// A valid item ID: an episode's enclosure URL or a book's ID, at most 2,048 bytes. (A NUL in
  /// it, or in a feed or guid, the stores refuse: `StoreFailures.nulInText`.)
  public static func checkID(_ id: String) throws {
    guard !id.isEmpty, id.utf8.count <= 2_048 else {
      throw CoreError.invalid("The item's id must be 1 to 2048 bytes")
    }
  }
}
