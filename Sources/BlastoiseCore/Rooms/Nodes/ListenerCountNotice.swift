/// Some of a node's listener counts, per room, for the other nodes' room lists: over
/// PostgreSQL's LISTEN/NOTIFY as `<node ID> <room ID>=<count> <room ID>=<count> …`. A notice
/// says what those rooms have on that node now; 0 means none any more. Each notice stands on its
/// own, so a long list simply goes in several.
public struct ListenerCountNotice: Sendable, Equatable {
  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_listeners"
  /// PostgreSQL refuses payloads of 8000 bytes or more.
  static let payloadLimit = 7900

  public let nodeID: String
  public let counts: [String: Int]

  public init(nodeID: String, counts: [String: Int]) {
    self.nodeID = nodeID
    self.counts = counts
  }

  /// The notices to send: one when the counts fit a payload, else several (rooms in ID order).
  public var payloads: [String] {
    var payloads: [String] = []
    var current = nodeID
    for (room, count) in counts.sorted(by: { $0.key < $1.key }) {
      let entry = " \(room)=\(count)"
      if current.utf8.count + entry.utf8.count > Self.payloadLimit, current != nodeID {
        payloads.append(current)
        current = nodeID
      }
      current += entry
    }
    if current != nodeID || payloads.isEmpty { payloads.append(current) }
    return payloads
  }

  /// Reads a payload; nil for anything that is not ours (another program may NOTIFY the channel).
  public init?(payload: String) {
    let parts = payload.split(separator: " ")
    guard let node = parts.first, !node.contains("=") else { return nil }
    var counts: [String: Int] = [:]
    for part in parts.dropFirst() {
      let pair = part.split(separator: "=", omittingEmptySubsequences: false)
      guard pair.count == 2, !pair[0].isEmpty, pair[0].utf8.count <= RoomNotice.longestRoomID,
        let count = Int(pair[1]), count >= 0
      else { return nil }
      counts[String(pair[0])] = count
    }
    self.init(nodeID: String(node), counts: counts)
  }
}

/// What one node sends of its own listener counts: on a change only the rooms whose count
/// changed (0 for a room left empty), and every `heartbeat` all rooms with listeners, so the
/// other nodes keep them (`OtherNodesListeners.expiry`).
public struct ListenerCountSender: Sendable {
  /// How often every count is sent again, changed or not.
  public static let heartbeat: Duration = .seconds(30)

  private var sent: [String: Int] = [:]

  public init() {}

  /// The counts to send after a change; empty when none changed since the last send.
  public mutating func changes(_ current: [String: Int]) -> [String: Int] {
    let now = current.filter { $0.value > 0 }
    var changed = now.filter { sent[$0.key] != $0.value }
    for room in sent.keys where now[room] == nil { changed[room] = 0 }
    sent = now
    return changed
  }

  /// Every room with listeners, for the heartbeat, and a 0 for each room left empty since the
  /// last send (nil: nothing to say).
  public mutating func all(_ current: [String: Int]) -> [String: Int]? {
    let emptied = changes(current).filter { $0.value == 0 }
    let counts = sent.merging(emptied) { count, _ in count }
    return counts.isEmpty ? nil : counts
  }
}

/// The other nodes' listener counts as last heard, summed per room. A node's count of a room is
/// dropped once `expiry` passes without a notice naming it: a node killed outright sends no 0.
/// Times are seconds on a clock that does not jump.
public struct OtherNodesListeners: Sendable {
  /// Three heartbeats: one lost notice does not drop a live node's listeners.
  public static let expiry = 90.0

  private var heard: [String: [String: (count: Int, at: Double)]] = [:]

  public init() {}

  /// Takes another node's notice; true when a count changed.
  public mutating func take(_ notice: ListenerCountNotice, at now: Double) -> Bool {
    var changed = false
    var rooms = heard[notice.nodeID] ?? [:]
    for (room, count) in notice.counts {
      if rooms[room]?.count != count { changed = true }
      rooms[room] = count > 0 ? (count, now) : nil
    }
    heard[notice.nodeID] = rooms.isEmpty ? nil : rooms
    return changed
  }

  /// Forgets counts not heard of within `expiry`; true when one was dropped.
  public mutating func expire(at now: Double) -> Bool {
    var dropped = false
    for (node, rooms) in heard {
      let fresh = rooms.filter { now - $0.value.at < Self.expiry }
      if fresh.count != rooms.count { dropped = true }
      heard[node] = fresh.isEmpty ? nil : fresh
    }
    return dropped
  }

  /// Listeners of `room` on the other nodes (counts past their expiry left out).
  public func count(of room: String, at now: Double) -> Int {
    heard.values.reduce(0) { sum, rooms in
      guard let entry = rooms[room], now - entry.at < Self.expiry else { return sum }
      return sum + entry.count
    }
  }
}
