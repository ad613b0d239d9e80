import Foundation

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
  /// PostgreSQL refuses payloads of 8000 bytes or more.
  static let payloadLimit = 7900

  public let nodeID: String
  public let roomID: String
  public let event: Event

  public init(nodeID: String, roomID: String, event: Event) {
    self.nodeID = nodeID
    self.roomID = roomID
    self.event = event
  }

  /// The payload to send; nil when it would not fit one (then the other nodes do without it).
  public var payload: String? {
    guard let data = try? JSONEncoder().encode(self), data.count <= Self.payloadLimit else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Reads a payload; nil for anything that is not ours (another program may NOTIFY the channel).
  public init?(payload: String) {
    guard payload.utf8.count <= Self.payloadLimit,
      let notice = try? JSONDecoder().decode(Self.self, from: Data(payload.utf8)),
      !notice.nodeID.isEmpty, !notice.roomID.isEmpty
    else { return nil }
    self = notice
  }
}
