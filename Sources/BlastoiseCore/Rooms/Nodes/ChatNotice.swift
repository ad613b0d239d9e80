/// A chat message added or deleted on one node, for the others: over PostgreSQL's LISTEN/NOTIFY
/// as `<node ID> <room ID> <+ or -><message ID>`. The message itself is read from the store, so
/// the notice stays small whatever was written.
public struct ChatNotice: Sendable, Equatable {
  public enum Change: Sendable, Equatable {
    case added, deleted
  }

  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_chat"
  /// Longer IDs are not ours (ours are 12 hex digits; the limit leaves room for others).
  static let longestID = 64

  public let nodeID: String
  public let roomID: String
  public let messageID: String
  public let change: Change

  public init(nodeID: String, roomID: String, messageID: String, change: Change) {
    self.nodeID = nodeID
    self.roomID = roomID
    self.messageID = messageID
    self.change = change
  }

  public var payload: String { "\(nodeID) \(roomID) \(change == .added ? "+" : "-")\(messageID)" }

  /// Reads a payload; nil for anything that is not ours (another program may NOTIFY the channel).
  public init?(payload: String) {
    let parts = payload.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, let sign = parts[2].first, sign == "+" || sign == "-" else { return nil }
    let message = parts[2].dropFirst()
    guard [parts[0], parts[1], message].allSatisfy({ !$0.isEmpty && $0.utf8.count <= Self.longestID }) else {
      return nil
    }
    self.init(
      nodeID: String(parts[0]), roomID: String(parts[1]), messageID: String(message),
      change: sign == "+" ? .added : .deleted)
  }
}
