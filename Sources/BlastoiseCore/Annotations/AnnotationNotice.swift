/// A person's annotations changed on one node (`RememberedAnnotations`): the other nodes forget
/// what they keep of that person. Over PostgreSQL's LISTEN/NOTIFY as `<node ID>:<user ID>`.
public struct AnnotationNotice: Sendable, Equatable {
  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_annotations"

  public let nodeID: String
  public let userID: Int

  public init(nodeID: String, userID: Int) {
    self.nodeID = nodeID
    self.userID = userID
  }

  public var payload: String { "\(nodeID):\(userID)" }

  /// Reads a payload; nil for anything that is not `<node ID>:<user ID>` (another program may
  /// NOTIFY the same channel).
  public init?(payload: String) {
    guard let colon = payload.lastIndex(of: ":"), let userID = Int(payload[payload.index(after: colon)...]),
      userID >= 0, colon != payload.startIndex, payload.utf8.count <= 100
    else { return nil }
    self.init(nodeID: String(payload[..<colon]), userID: userID)
  }
}
