/// Something that happened in a room on one node and is not in the room's row, for the other
/// nodes' listeners: who did what (an `activity` line), who was taken out of the room (every
/// node keeps them out and sends their sockets to the main room), or who is in it there. Over PostgreSQL's
/// LISTEN/NOTIFY as JSON: names and sentences may hold any character.
public struct RoomEventNotice: Sendable, Equatable, Codable {
  public enum Event: Sendable, Equatable, Codable {
    case activity(actor: String?, message: String)
    /// `people`: who was removed, by their vote key (an account, or a guest's session);
    /// `by`: the name of the owner or admin who removed them.
    case removed(people: [String], by: String)
    /// Who is in the room on that node now (sent after a change and with each full state).
    case roster(RoomRoster)
  }

  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_room_events"

  public let nodeID: String
  public let roomID: String
  public let event: Event

  public init(nodeID: String, roomID: String, event: Event) {
    self.nodeID = nodeID
    self.roomID = roomID
    self.event = event
  }

  /// The payload to send; nil when it would not fit one (then the other nodes do without it).
  public var payload: String? { NoticeJSON.payload(self) }

  /// Reads a payload; nil for anything that is not ours (another program may NOTIFY the channel).
  public init?(payload: String) {
    guard let notice = NoticeJSON.notice(Self.self, from: payload), !notice.nodeID.isEmpty, !notice.roomID.isEmpty
    else { return nil }
    self = notice
  }
}
