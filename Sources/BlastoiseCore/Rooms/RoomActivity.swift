import BlastoiseProtocol
import BlastoiseSync

/// A change to a room, as its listeners read it in an `activity` message ("ana paused").
public enum RoomActivity: Sendable, Equatable {
  case paused, resumed
  case seeked(to: Double)
  case jumped(to: Int)
  case skipped
  case modeChanged(PlaybackMode)
  case queueEdited(QueueEdit)
  case settingsChanged
  /// Private (`true`: with an invite link) or open to everyone again.
  case privacyChanged(Bool)
  /// A new invite link; the old one no longer lets anyone in.
  case inviteRenewed
  /// The room skipped because most listeners voted; it has no actor.
  case skippedByVote
  /// The owner or an admin took someone out of the room.
  case removed(String)
  /// A reaction (`TrackReaction`) to the playing track, by its title when it has one.
  case reacted(String, to: String?)

  /// The whole sentence: the actor's name, then what they did.
  public func message(actor: String?) -> String {
    guard let actor else { return verb }
    return "\(actor) \(verb)"
  }

  private var verb: String {
    switch self {
    case .paused: "paused"
    case .resumed: "resumed"
    case .seeked(let seconds): "seeked to \(Self.clock(seconds))"
    case .jumped(let index): "jumped to track \(index + 1)"
    case .skipped: "skipped"
    case .modeChanged(let mode): "set the mode to \(mode.rawValue)"
    case .queueEdited(let edit): Self.verb(for: edit)
    case .settingsChanged: "changed the room's settings"
    case .privacyChanged(let isPrivate): isPrivate ? "made the room private" : "opened the room to everyone"
    case .inviteRenewed: "made a new invite link"
    case .skippedByVote: "skipped by vote"
    case .removed(let name): "removed \(name) from the room"
    case .reacted(let emoji, let title?): "reacted \(emoji) to \(title)"
    case .reacted(let emoji, nil): "reacted \(emoji)"
    }
  }

  private static func verb(for edit: QueueEdit) -> String {
    switch edit {
    case .set(let ids): "replaced the queue with \(tracks(ids.count))"
    case .add(let ids, _): "added \(tracks(ids.count))"
    case .remove(let positions): "removed \(tracks(positions.count))"
    case .move(let positions, _): "moved \(tracks(positions.count))"
    }
  }

  /// A thousand hours: further than any track plays.
  static let longestSeconds = 3_600_000.0

  private static func tracks(_ count: Int) -> String { count == 1 ? "1 track" : "\(count) tracks" }

  /// m:ss, as players show a position. A seek asked for past any track (schemathesis sent
  /// 1.2e168, which `Int` cannot hold: a trap) names the longest position a room keeps.
  private static func clock(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? Int(min(max(0, seconds), Self.longestSeconds).rounded(.down)) : 0
    let rest = whole % 60
    return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
  }
}
