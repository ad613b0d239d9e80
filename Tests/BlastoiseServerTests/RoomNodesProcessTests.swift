import BlastoiseCore
import BlastoiseSync
import BlastoiseTestSupport
import Foundation
import Testing

/// Rooms across nodes with real processes: several `blastoise serve` on one throwaway PostgreSQL
/// schema, listeners on one node, actions on another. Every wait is a hang guard (60 s or more);
/// nothing depends on how fast the machine is.
@Suite(.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"))
struct RoomNodesProcessTests {
  @Test func aPauseOnOneNodeAndAQueueEditOnAnotherReachListenersOnEveryNode() async throws {
    try await Self.withNodes(3, seconds: [30, 40, 50]) { nodes, room in
      let onC = try await nodes[2].socket(room)
      let onA = try await nodes[0].socket(room)
      let first = try await onC.state { ($0["queue"] as? [Any])?.count == 3 && $0["paused"] as? Bool == false }
      _ = try await onA.state()
      try await onA.send(json: ["action": "pause"])
      let paused = try await onC.state { $0["paused"] as? Bool == true }
      #expect(Self.seq(paused) > Self.seq(first))
      let told = try await onC.message { $0["type"] as? String == "activity" }
      #expect(told["message"] as? String == "keeper paused")
      #expect(told["actor"] as? String == "keeper")

      let tracks = try await nodes[1].client.get("/api/library").json([SeedTrack].self).map(\.id)
      let edit = try await nodes[1].client.request(
        "PATCH", "/api/channels/\(room)/queue", json: #"{"add":["\#(tracks[0])"]}"#)
      #expect(edit.status == 200)
      for socket in [onA, onC] {
        let edited = try await socket.state { ($0["queue"] as? [Any])?.count == 4 }
        #expect(Self.seq(edited) > Self.seq(paused))
      }
      let states = try await nodes.asyncMap { try await $0.state(room) }
      #expect(Set(states.map(\.seq)).count == 1)
      #expect(states.allSatisfy { $0.paused })
      let counts = try await nodes.asyncMap { node in
        try await node.client.get("/api/channels").json([SeedChannelInfo].self).first(where: \.isDefault)?.trackCount
      }
      #expect(counts == [4, 4, 4])
    }
  }

  /// A control mode set on one node reaches listeners on another (with the room's change notice)
  /// and every node's state.
  @Test func aControlModeSetOnOneNodeReachesEveryNode() async throws {
    try await Self.withNodes(2, seconds: [30]) { nodes, room in
      let onB = try await nodes[1].socket(room)
      _ = try await onB.state()
      let set = try await nodes[0].client.request("PATCH", "/api/channels/\(room)", json: #"{"controlMode":"owner"}"#)
      #expect(set.status == 200)
      let changed = try await onB.state { $0["controlMode"] as? String == "owner" }
      #expect(changed["owner"] is NSNull || changed["owner"] == nil)
      let read = try await nodes[1].client.get("/api/channels/\(room)")
      let state = try JSONSerialization.jsonObject(with: read.body) as? [String: Any]
      #expect(state?["controlMode"] as? String == "owner")
    }
  }

  /// Chat said on one node reaches listeners on another, as does its deletion.
  @Test func chatOnOneNodeReachesListenersOnEveryNode() async throws {
    try await Self.withNodes(2, seconds: [30]) { nodes, room in
      let onA = try await nodes[0].socket(room)
      let onB = try await nodes[1].socket(room)
      for socket in [onA, onB] { _ = try await socket.message { $0["type"] as? String == "chat_history" } }
      try await onA.send(json: ["action": "chat", "text": "from node A"])
      let heard = try await onB.message { $0["type"] as? String == "chat" }
      let message = try #require(heard["message"] as? [String: Any])
      #expect(message["text"] as? String == "from node A")
      let id = try #require(message["id"] as? String)
      try await onA.send(json: ["action": "chat_delete", "messageId": id])
      let gone = try await onB.message { $0["type"] as? String == "chat_deleted" }
      #expect(gone["messageId"] as? String == id)
    }
  }

  /// The owner removes someone on node A: their socket on node B goes to the main room too, told
  /// who did it, and B refuses them the room for a while as A does.
  @Test func aPersonRemovedOnOneNodeIsKeptOutOnEveryNode() async throws {
    try await Self.withNodes(2, seconds: [30]) { nodes, main in
      let made = try await nodes[0].client.post("/api/channels", #"{"name":"Den"}"#)
      let created = try JSONSerialization.jsonObject(with: made.body) as? [String: Any]
      let room = try #require(created?["id"] as? String)
      let signUp = APIClient(base: nodes[0].client.base)
      #expect(try await signUp.signUp("ben").status == 200)
      let benNodes = nodes.map { node in
        let client = APIClient(base: node.client.base)
        client.cookie = signUp.cookie
        return Node(process: node.process, client: client)
      }
      let owner = try await nodes[0].socket(room)
      let benOnA = try await benNodes[0].socket(room)
      let benOnB = try await benNodes[1].socket(room)
      for socket in [owner, benOnA, benOnB] { _ = try await socket.state() }

      try await owner.send(json: ["action": "remove_listener", "name": "ben"])
      let toldOnB = try await benOnB.message { $0["type"] as? String == "toast" }
      #expect(toldOnB["message"] as? String == "keeper removed you from Den")
      let moved = try await benOnB.message { $0["type"] as? String == "switched" }
      #expect(moved["channelId"] as? String == main)
      _ = try await benOnA.message { $0["type"] as? String == "switched" }

      let again = try await benNodes[1].socket(room)
      let refused = try await again.message { $0["type"] as? String == "error" }
      #expect((refused["message"] as? String)?.contains("removed from that room") == true)
      #expect(try await again.state()["channelId"] as? String == main)
    }
  }

  /// The owner on node A and two people on node B: A's states name them and carry their sync
  /// reports, a vote on each node makes a majority of the three, and the owner removes someone
  /// who is only on B.
  @Test func everyoneInARoomCountsOnEveryNode() async throws {
    try await Self.withNodes(2, seconds: [300, 300]) { nodes, _ in
      let made = try await nodes[0].client.post("/api/channels", #"{"name":"Den"}"#)
      let room = try #require((try JSONSerialization.jsonObject(with: made.body) as? [String: Any])?["id"] as? String)
      let tracks = try await nodes[0].client.get("/api/library").json([SeedTrack].self).map(\.id)
      let queued = try await nodes[0].client.request(
        "PATCH", "/api/channels/\(room)/queue", json: #"{"add":["\#(tracks[0])","\#(tracks[1])"]}"#)
      #expect(queued.status == 200)
      var onB: [String: SocketClient] = [:]
      for name in ["ben", "cat"] {
        let signUp = APIClient(base: nodes[0].client.base)
        #expect(try await signUp.signUp(name).status == 200)
        let client = APIClient(base: nodes[1].client.base)
        client.cookie = signUp.cookie
        onB[name] = try await Node(process: nodes[1].process, client: client).socket(room)
      }
      let ben = try #require(onB["ben"])
      let cat = try #require(onB["cat"])
      let owner = try await nodes[0].socket(room)
      _ = try await owner.state { $0["listeners"] as? [String] == ["ben", "cat", "keeper"] }

      try await ben.send(json: ["action": "sync_report", "state": "buffering", "driftMs": 12.5])
      let reported = try await owner.state { state in
        (state["listenerSync"] as? [[String: Any]])?.contains { $0["name"] as? String == "ben" } == true
      }
      let report = try #require(
        (reported["listenerSync"] as? [[String: Any]])?.first { $0["name"] as? String == "ben" })
      #expect(report["state"] as? String == "buffering")
      #expect(report["driftMs"] as? Double == 12.5)

      try await owner.send(json: ["action": "voteSkip"])
      try await ben.send(json: ["action": "voteSkip"])
      for socket in [owner, ben, cat] {
        let told = try await socket.message { $0["type"] as? String == "activity" }
        #expect(told["message"] as? String == "skipped by vote")
        _ = try await socket.state { $0["currentIndex"] as? Int == 1 }
      }
      #expect(try await nodes[0].state(room).currentIndex == 1)

      try await owner.send(json: ["action": "remove_listener", "name": "cat"])
      let toldCat = try await cat.message { $0["type"] as? String == "toast" }
      #expect(toldCat["message"] as? String == "keeper removed you from Den")
      _ = try await cat.message { $0["type"] as? String == "switched" }
      _ = try await owner.state { $0["listeners"] as? [String] == ["ben", "keeper"] }
    }
  }

  @Test func twoNodesRacingOnOneRoomNeverForkIt() async throws {
    try await Self.withNodes(2, seconds: [300, 300]) { nodes, room in
      let listeners = try await nodes.asyncMap { try await $0.socket(room) }
      for listener in listeners { _ = try await listener.state { ($0["queue"] as? [Any])?.count == 2 } }
      try await listeners[0].send(json: ["action": "pause"])  // no boundary writes while racing
      for listener in listeners { _ = try await listener.state { $0["paused"] as? Bool == true } }
      let before = try await nodes[0].state(room).seq
      let perNode = 20
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for (index, node) in nodes.enumerated() {
          for step in 0..<perNode {
            group.addTask {
              let target = Double(index * 100 + step)
              return try await node.client.post("/api/channels/\(room)/seek", #"{"timestamp":\#(target)}"#).status
            }
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == Array(repeating: 200, count: nodes.count * perNode))
      // Every acknowledged action took exactly one seq: none lost, none written twice; every
      // node comes to that one state.
      let final = before + Int64(nodes.count * perNode)
      var after = try await nodes.asyncMap { try await $0.state(room) }
      for _ in 0..<2400 where after.contains(where: { $0.seq < final }) {  // 60 s: a hang guard
        try await Task.sleep(for: .milliseconds(25))
        after = try await nodes.asyncMap { try await $0.state(room) }
      }
      #expect(after.map(\.seq) == Array(repeating: final, count: nodes.count))
      #expect(Set(after.map(\.currentTimestamp)).count == 1)
      // Each listener saw one history: seq never went back.
      for listener in listeners {
        var seen: [Int64] = []
        while seen.last != after[0].seq {
          seen.append(Self.seq(try await listener.state()))
        }
        #expect(seen == seen.sorted())
      }
    }
  }

  @Test func killingTheOwnerHandsTheRoomToANodeWhoseClockGoesOn() async throws {
    let lengths = [3.0, 4.0, 5.0]
    try await Self.withNodes(2, seconds: lengths) { nodes, room in
      let onA = try await nodes[0].socket(room)
      _ = try await onA.state { ($0["queue"] as? [Any])?.count == 3 }
      _ = try await nodes[0].process.waitForLog(matching: "this node owns room (\(room))")
      let onB = try await nodes[1].socket(room)
      _ = try await onB.state { ($0["queue"] as? [Any])?.count == 3 }
      let beforeKill = try await nodes[1].state(room)
      #expect(!beforeKill.paused)

      nodes[0].process.signal(SIGKILL)
      _ = try await nodes[1].process.waitForLog(matching: "this node owns room (\(room))")
      // B writes the boundaries now (A is gone): seq moves on with nobody acting.
      let atTakeover = try await nodes[1].state(room)
      _ = try await onB.state(timeout: 120) { Self.seq($0) > atTakeover.seq }
      let taken = try await nodes[1].state(room)
      #expect(taken.seq > atTakeover.seq)
      let expected = RoomClock(
        currentIndex: beforeKill.currentIndex, paused: false, anchorPosition: beforeKill.currentTimestamp,
        anchorTime: Double(beforeKill.serverTime) / 1000, mode: .repeatAll
      ).settled(at: Double(taken.serverTime) / 1000, durations: lengths)
      #expect(taken.currentIndex == expected.currentIndex)
      #expect(abs(taken.currentTimestamp - expected.anchorPosition) < 0.01)
    }
  }

  @Test func aNodeWhoseLinkWasCutListensAgainAndFollowsTheRoom() async throws {
    try await Self.withNodes(2, seconds: [300, 300]) { nodes, room in
      let onA = try await nodes[0].socket(room)
      _ = try await onA.state { ($0["queue"] as? [Any])?.count == 2 }
      _ = try await nodes[0].process.waitForLog(matching: "this node owns room (\(room))")
      let onB = try await nodes[1].socket(room)
      _ = try await onB.state { ($0["queue"] as? [Any])?.count == 2 }
      let serverURL = try #require(TestPostgres.url)
      let cut = try await TestPostgres.terminateSessions(
        holdingLock: RoomOwnership.lockClass, RoomOwnership.lockKey(room), on: serverURL)
      #expect(cut == 1)
      _ = try await nodes[0].process.waitForLog(matching: "the link to the other nodes (was lost)")
      _ = try await nodes[0].process.waitForLog(matching: "the link to the other nodes (is back)")
      // A listens again: a pause sent to B reaches A's listener.
      try await onB.send(json: ["action": "pause"])
      let paused = try await onA.state { $0["paused"] as? Bool == true }
      #expect(Self.seq(paused) == Self.seq(try await onB.state { $0["paused"] as? Bool == true }))
    }
  }

  /// A node's room list counts the listeners of every node, in `GET /api/channels` and in the
  /// `channel_list` its sockets get. A node that stops says it has none left; one killed
  /// outright stops being counted once its counts expire (90 s without a notice; a hang guard of
  /// 240 s).
  @Test func listenersOnEveryNodeAreCountedAndADeadNodesGoWhenTheyExpire() async throws {
    try await Self.withNodes(3, seconds: [300, 300]) { nodes, room in
      let onC = try await nodes[2].socket(room)
      _ = try await onC.state()
      let onA = try await nodes[0].socket(room)
      _ = try await onA.state()
      let onB = try await nodes[1].socket(room)
      var leaving: SocketClient? = try await nodes[1].socket(room)
      _ = try await onB.state()
      _ = try await leaving?.state()
      _ = try await onA.message { Self.listenerCount(inList: $0, of: room) == 4 }
      #expect(try await Self.listenerCount(nodes[0], room) == 4)
      #expect(try await nodes[0].client.get("/api/channels/\(room)").json(Listening.self).listenerCount == 4)
      try await Self.waitForListeners(4, on: nodes[1], in: room)

      // One of B's listeners leaves (its socket is closed when let go): A hears of it.
      leaving = nil
      _ = try await onA.message { Self.listenerCount(inList: $0, of: room) == 3 }

      // C stops (SIGTERM): its listener is not counted any more, well before an expiry.
      nodes[2].process.signal(SIGTERM)
      _ = try await nodes[2].process.waitForExit()
      _ = try await onA.message { Self.listenerCount(inList: $0, of: room) == 2 }
      withExtendedLifetime(onC) {}

      nodes[1].process.signal(SIGKILL)
      _ = try await nodes[1].process.waitForExit()
      _ = try await onA.message(timeout: 240) { Self.listenerCount(inList: $0, of: room) == 1 }
      #expect(try await Self.listenerCount(nodes[0], room) == 1)
      withExtendedLifetime(onB) {}
    }
  }

  struct Listening: Decodable { let listenerCount: Int }

  static func listenerCount(inList message: [String: Any], of room: String) -> Int? {
    guard message["type"] as? String == "channel_list", let rooms = message["channels"] as? [[String: Any]] else {
      return nil
    }
    return rooms.first { $0["id"] as? String == room }?["listenerCount"] as? Int
  }

  static func listenerCount(_ node: Node, _ room: String) async throws -> Int? {
    try await node.client.get("/api/channels").json([SeedChannelInfo].self).first { $0.id == room }?.listenerCount
  }

  /// Until `node`'s room list counts `count` listeners in `room` (a hang guard of 60 s).
  static func waitForListeners(_ count: Int, on node: Node, in room: String) async throws {
    for _ in 0..<2400 {
      if try await listenerCount(node, room) == count { return }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw ProcessFailure(message: "\(room) never had \(count) listeners on that node")
  }

  // MARK: Nodes

  struct Node: Sendable {
    let process: ServerProcess
    let client: APIClient

    func socket(_ room: String) async throws -> SocketClient {
      try await SocketClient.connect(port: process.port, path: "/api/channels/\(room)/ws", cookie: client.cookie)
    }

    func state(_ room: String) async throws -> NodeState {
      try await client.get("/api/channels/\(room)").json(NodeState.self)
    }
  }

  struct NodeState: Decodable, Sendable {
    let seq: Int64
    let serverTime: Int64
    let currentIndex: Int
    let currentTimestamp: Double
    let paused: Bool
  }

  static func seq(_ state: [String: Any]) -> Int64 { (state["seq"] as? NSNumber)?.int64Value ?? -1 }

  /// `count` nodes on one schema, sharing a music folder of tones of `seconds`; the first
  /// creates the account and fills the default room, every node has scanned the tones.
  static func withNodes(
    _ count: Int, seconds: [Double], arguments extra: [String] = [],
    _ body: @Sendable ([Node], String) async throws -> Void
  ) async throws {
    try await NodeCluster.with(tones: seconds) { cluster in
      var nodes: [Node] = []
      var cookie: String?
      for _ in 0..<count {
        let process = try cluster.start(extra)
        let client = APIClient(base: "http://127.0.0.1:\(try await process.waitUntilListening())")
        if let cookie {
          client.cookie = cookie
        } else {
          #expect(try await client.signUp("keeper").status == 200)
          cookie = client.cookie
        }
        try await LibraryRoutesTests.waitForLibrary(client, count: seconds.count)
        nodes.append(Node(process: process, client: client))
      }
      let room = try await waitForDefaultRoom(nodes, tracks: seconds.count)
      try await body(nodes, room)
      for node in nodes { node.process.signal(SIGKILL) }
    }
  }

  /// The default room, once every node sees it filled (a hang guard of 60 s).
  static func waitForDefaultRoom(_ nodes: [Node], tracks: Int) async throws -> String {
    for _ in 0..<2400 {
      var ids: [String] = []
      for node in nodes {
        let rooms = try await node.client.get("/api/channels").json([SeedChannelInfo].self)
        if let room = rooms.first(where: \.isDefault), room.trackCount == tracks { ids.append(room.id) }
      }
      if ids.count == nodes.count, Set(ids).count == 1 { return ids[0] }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw ProcessFailure(message: "the default room was not filled on every node")
  }
}

extension Array where Element: Sendable {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
