import BlastoiseProtocol
import Foundation

/// How gpodder.net's API maps onto Blastoise: episode actions are spoken-word progress (one
/// store, so a position played in AntennaPod shows in the web app and the reverse), devices and
/// subscriptions are `GPodderStore`'s. Pure.
public enum GPodderRules {
  /// At most this many actions in one upload (AntennaPod sends 30 at a time).
  public static let uploadLimit = 1_000
  /// At most this many subscriptions changed in one upload.
  public static let subscriptionLimit = 5_000

  /// A device ID: gpodder.net's `[\w.-]+`, at most 64 characters.
  public static func checkDevice(_ id: String) throws {
    let allowed = id.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "_.-".unicodeScalars.contains($0)
    }
    guard !id.isEmpty, id.count <= 64, allowed else {
      throw CoreError.invalid("A device ID is 1 to 64 letters, digits, '_', '.' or '-'")
    }
  }

  /// A feed or episode URL as the server keeps it: trimmed, http or https, at most 2,048 bytes;
  /// nil for anything else (gpodder.net drops such URLs from an upload).
  public static func cleanURL(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.utf8.count <= 2_048, let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return trimmed
  }

  /// The progress report an action makes, or nil for actions progress does not keep
  /// (`download`, `delete`, `flattr`). `now` (ms) stands in for a missing or unreadable time.
  public static func report(for action: GPodderEpisodeAction, now: Int64) throws -> ProgressReport? {
    let at = action.timestamp.flatMap(milliseconds(fromTimestamp:)) ?? now
    switch action.action.lowercased() {
    case "play":
      guard let position = action.position, position >= 0 else {
        throw CoreError.invalid("A play action needs a position of 0 or more seconds")
      }
      let total = action.total.flatMap { $0 > 0 ? Double($0) : nil }
      return ProgressReport(
        position: Double(position), duration: total, at: at, feed: action.podcast, guid: action.guid)
    case "new":
      return ProgressReport(position: 0, finished: false, at: at, feed: action.podcast, guid: action.guid)
    case "download", "delete", "flattr": return nil
    default: throw CoreError.invalid("An action is play, download, delete, new or flattr")
    }
  }

  /// The action a client downloads for stored progress: `new` at the start, else `play` at the
  /// position (at the end when finished, so a client marks it played).
  public static func action(for progress: ListeningProgress) -> GPodderEpisodeAction {
    let timestamp = timestamp(fromMilliseconds: progress.positionAt)
    let total = progress.duration.map { Int($0.rounded()) }
    if progress.position == 0 && !progress.finished {
      return GPodderEpisodeAction(
        podcast: progress.feed ?? "", episode: progress.id, action: "new", timestamp: timestamp, guid: progress.guid)
    }
    let position = progress.finished ? (total ?? Int(progress.position)) : Int(progress.position)
    return GPodderEpisodeAction(
      podcast: progress.feed ?? "", episode: progress.id, action: "play", timestamp: timestamp, started: 0,
      position: position, total: total, guid: progress.guid)
  }

  /// gpodder.net's `2009-12-12T09:00:00` (UTC; also with fractions or a `Z` / `±HH:MM` offset)
  /// → ms since the epoch; nil when it is not such a time.
  public static func milliseconds(fromTimestamp text: String) -> Int64? { GPodderTimestamp.parse(text) }

  public static func timestamp(fromMilliseconds time: Int64) -> String { GPodderTimestamp.format(time) }
}
