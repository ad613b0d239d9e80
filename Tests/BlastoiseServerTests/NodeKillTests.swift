import BlastoisePostgres
import BlastoiseTestSupport
import Foundation
import Synchronization
import Testing

/// No acknowledged write is lost when nodes die: writers create playlists and rooms through
/// nginx in front of three nodes while one node after another is killed with SIGKILL and started
/// again on its port, 50 times — each time once the writers have been answered again, so every
/// kill lands among writes in flight. Afterwards every write that was answered 2xx is in the
/// store, and every node lists every acknowledged room. Every wait is a hang guard; nothing is
/// timed.
@Suite(
  .enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"),
  .enabled(if: FileManager.default.isExecutableFile(atPath: NginxProcess.executable), "needs nginx-light"))
struct NodeKillTests {
  static let kills = 50
  static let writers = 4

  /// One write a writer tried: a playlist or a room, by a name no other write has.
  struct Write: Sendable, Hashable {
    let room: Bool
    let name: String
  }

  /// What the writers and the killer share: when to stop, and how many writes were acknowledged.
  final class Progress: Sendable {
    private let raised = Atomic<Bool>(false)
    private let answered = Atomic<Int>(0)
    var isStopped: Bool { raised.load(ordering: .relaxed) }
    func stop() { raised.store(true, ordering: .relaxed) }
    var acknowledged: Int { answered.load(ordering: .relaxed) }
    func acknowledge() { answered.add(1, ordering: .relaxed) }
  }

  /// What the writers saw, for the log: statuses and failures by kind.
  struct Tally: Sendable {
    var acknowledged: Set<Write> = []
    var tried = 0
    var refused: [String: Int] = [:]

    func merged(_ other: Tally) -> Tally {
      Tally(
        acknowledged: acknowledged.union(other.acknowledged), tried: tried + other.tried,
        refused: refused.merging(other.refused, uniquingKeysWith: +))
    }
  }

  @Test func noAcknowledgedWriteIsLostAcrossFiftyNodeKills() async throws {
    try await NodeCluster.with(tones: [1]) { cluster in
      let front = try NginxProcess.freePort()
      let ports = try (0..<3).map { _ in try NginxProcess.freePort() }
      let arguments = ["--public-url", "http://127.0.0.1:\(front)"]
      var nodes: [ServerProcess] = []
      for port in ports { nodes.append(try await Self.start(cluster, port: port, arguments)) }
      let admin = APIClient(base: "http://127.0.0.1:\(ports[0])")
      #expect(try await admin.signUp("keeper").status == 200)
      let cookie = admin.cookie
      // A node that fails is tried again at once: nginx's passive check would keep it out for
      // 10 s, longer than it stays down here.
      let nginx = try await NginxProcess(port: front, upstreams: ports, serverOptions: "max_fails=0")
      let progress = Progress()
      let tally = try await withThrowingTaskGroup(of: Tally.self) { group in
        for writer in 0..<Self.writers {
          group.addTask { await Self.write(as: writer, through: front, cookie: cookie, progress) }
        }
        for kill in 0..<Self.kills {
          try await Self.waitForWrites(progress)
          let index = kill % ports.count
          nodes[index].signal(SIGKILL)
          _ = try await nodes[index].waitForExit()
          nodes[index] = try await Self.start(cluster, port: ports[index], arguments)
        }
        try await Self.waitForWrites(progress)
        progress.stop()
        return try await group.reduce(into: Tally()) { $0 = $0.merged($1) }
      }
      print(
        "node kills: \(Self.kills) kills, \(tally.acknowledged.count) of \(tally.tried) writes acknowledged, "
          + "not: \(tally.refused.sorted { $0.key < $1.key })")
      let acknowledged = tally.acknowledged
      let rooms = Set(acknowledged.filter(\.room).map(\.name))
      let playlists = Set(acknowledged.filter { !$0.room }.map(\.name))
      #expect(!rooms.isEmpty && !playlists.isEmpty)
      let stored = try await Self.storedNames(cluster.schema.url)
      #expect(playlists.subtracting(stored.playlists).isEmpty)
      #expect(rooms.subtracting(stored.rooms).isEmpty)
      for port in ports {
        let client = APIClient(base: "http://127.0.0.1:\(port)")
        client.cookie = cookie
        var listed: Set<String> = []
        for _ in 0..<240 {  // 60 s: a hang guard for notices still on their way
          listed = Set(try await client.get("/api/channels").json([SeedChannelInfo].self).map(\.name))
          if rooms.isSubset(of: listed) { break }
          try await Task.sleep(for: .milliseconds(250))
        }
        #expect(rooms.subtracting(listed).isEmpty, "rooms node \(port) does not list")
      }
      nginx.stop()
      for node in nodes { node.signal(SIGKILL) }
    }
  }

  /// Writes until stopped, a playlist and a room in turn. A 502 (the node died with the write in
  /// flight), a reset or any other failure is simply not acknowledged.
  static func write(as writer: Int, through port: UInt16, cookie: String?, _ progress: Progress) async -> Tally {
    let client = APIClient(base: "http://127.0.0.1:\(port)")
    client.cookie = cookie
    var tally = Tally()
    while !progress.isStopped {
      tally.tried += 1
      let write = Write(room: tally.tried % 2 == 0, name: "w\(writer)-\(tally.tried)")
      let body = #"{"name":"\#(write.name)","description":"written while nodes die"}"#
      do {
        let answer = try await client.post(write.room ? "/api/channels" : "/api/playlists", body)
        if (200..<300).contains(answer.status) {
          tally.acknowledged.insert(write)
          progress.acknowledge()
        } else {
          tally.refused[String(answer.status), default: 0] += 1
        }
      } catch {
        tally.refused["no answer", default: 0] += 1
      }
      try? await Task.sleep(for: .milliseconds(25))
    }
    return tally
  }

  /// Until every writer could have been answered once more (a hang guard of 60 s).
  static func waitForWrites(_ progress: Progress) async throws {
    let target = progress.acknowledged + writers
    for _ in 0..<2400 where progress.acknowledged < target {
      try await Task.sleep(for: .milliseconds(25))
    }
    guard progress.acknowledged >= target else { throw ProcessFailure(message: "writes stopped being answered") }
  }

  /// A node on `port`, listening (tried again while the port is not free yet).
  static func start(_ cluster: NodeCluster, port: UInt16, _ arguments: [String]) async throws -> ServerProcess {
    for _ in 0..<20 {
      let node = try cluster.start(port: port, arguments)
      if (try? await node.waitUntilListening()) != nil { return node }
      node.signal(SIGKILL)
      try await Task.sleep(for: .milliseconds(250))
    }
    throw ProcessFailure(message: "no node would start on port \(port)")
  }

  /// The names of every stored playlist and room, read from the database itself.
  static func storedNames(_ url: String) async throws -> (playlists: Set<String>, rooms: Set<String>) {
    try await TestPostgres.withAdmin(on: url) { database in
      try await database.read { connection in
        (
          Set(try connection.query("SELECT name FROM playlists").compactMap { $0.string("name") }),
          Set(try connection.query("SELECT name FROM channels").compactMap { $0.string("name") })
        )
      }
    }
  }
}
