import BlastoiseCore
import BlastoisePostgres
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// Nodes hold nothing another node needs: real `blastoise serve` processes on one throwaway
/// PostgreSQL schema. Every wait is a hang guard (60 s or more).
@Suite(.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"))
struct StatelessNodesTests {
  /// The sign-in throttle is in the store: failures on one node count on the other.
  @Test func failedSignInsOnOneNodeCountOnTheOther() async throws {
    try await RoomNodesProcessTests.withNodes(2, seconds: [1]) { nodes, _ in
      let onA = APIClient(base: nodes[0].client.base)
      let onB = APIClient(base: nodes[1].client.base)
      for _ in 0..<3 { #expect(try await onA.logIn("keeper", password: "wrong-password").status == 401) }
      for _ in 0..<2 { #expect(try await onB.logIn("keeper", password: "wrong-password").status == 401) }
      // Five failures of one name from one address, spread over both nodes: the sixth try waits
      // on either node, even with the right password.
      for client in [onA, onB] {
        let refused = try await client.logIn("keeper")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") != nil)
      }
    }
  }

  /// Two nodes started together on an empty database make one default room between them (the
  /// one that loses the race to create it takes the other's), filled with the library, and read
  /// each file once between them: one scans, the other follows or finds nothing new.
  @Test func twoNodesStartingTogetherOnAnEmptyDatabaseMakeOneDefaultRoom() async throws {
    try await NodeCluster.with(tones: [1, 2, 3]) { cluster in
      let processes = try (0..<2).map { _ in try cluster.start() }
      var nodes: [RoomNodesProcessTests.Node] = []
      for process in processes {
        let client = APIClient(base: "http://127.0.0.1:\(try await process.waitUntilListening())")
        nodes.append(RoomNodesProcessTests.Node(process: process, client: client))
      }
      #expect(try await nodes[0].client.signUp("keeper").status == 200)
      nodes[1].client.cookie = nodes[0].client.cookie
      _ = try await RoomNodesProcessTests.waitForDefaultRoom(nodes, tracks: 3)
      for node in nodes {
        let rooms = try await node.client.get("/api/channels").json([SeedChannelInfo].self)
        #expect(rooms.filter(\.isDefault).count == 1)
        #expect(rooms.count == 1)
      }
      let read = processes.map { process in
        process.child.errorText.matches(of: /scan: (\d+) read/).compactMap { Int($0.1) }.reduce(0, +)
      }
      #expect(read.reduce(0, +) == 3)
      for process in processes { process.signal(SIGKILL) }
    }
  }

  /// One scanner at a time, by the scan lock another node holds here (this test, as a node
  /// would): a node starting then follows that scan instead of scanning too, a scan asked of it
  /// is refused with 409, and once the lock is free it scans.
  @Test func whileAnotherNodeScansANodeFollowsAndRefusesToScan() async throws {
    try await NodeCluster.with(tones: [1, 2]) { cluster in
      let other = try await PostgresStorage.connect(PostgresSettings(url: cluster.schema.url))
      try await withAsyncCleanup {
        #expect(try await other.locks.tryLock(.scan))
        let node = try cluster.start()
        let client = APIClient(base: "http://127.0.0.1:\(try await node.waitUntilListening())")
        _ = try await node.waitForLog(matching: "scan: (a scan is running on another node)")
        #expect(try await client.signUp("keeper").status == 200)
        let refused = try await client.post("/api/library/scan")
        #expect(refused.status == 409)
        #expect(refused.errorMessage == "A scan is running on another node")
        #expect(try await client.get("/api/library").json([SeedTrack].self).isEmpty)

        await other.locks.unlock(.scan)
        _ = try await node.waitForLog(matching: "scan: the other (node's scan ended)")
        #expect(try await client.post("/api/library/scan").status == 200)
        #expect(try await client.get("/api/library").json([SeedTrack].self).count == 2)
        // The scan is over: the lock is free again.
        #expect(try await other.locks.tryLock(.scan))
        node.signal(SIGKILL)
      } cleanup: {
        await other.close()
      }
    }
  }

  /// A library change on one node reaches the others over the link: a track uploaded on A is in
  /// B's `/api/library` and B's search without a restart or a scan, though B had both cached.
  @Test func aTrackUploadedOnOneNodeIsInTheOthersLibraryAndCatalog() async throws {
    try await RoomNodesProcessTests.withNodes(2, seconds: [1]) { nodes, _ in
      let onB = nodes[1].client
      let search = APIRoute.search.path(query: [("q", "faraway")])
      #expect(try await onB.get("/api/library").json([SeedTrack].self).count == 1)
      #expect(try await onB.get(search).json(SearchResults.self).tracks.isEmpty)
      let song = LibraryRoutesTests.wav(seconds: 1.5, frequency: 700, title: "Faraway Song")
      let uploaded = try await UploadTests.upload(nodes[0].client, [("faraway.wav", song)])
      #expect(uploaded.status == 200, "\(uploaded.text)")
      var seen = false
      for _ in 0..<2400 where !seen {  // a hang guard of 60 s
        let library = try await onB.get("/api/library").json([SeedTrack].self)
        seen = library.contains { $0.title == "Faraway Song" }
        if !seen { try await Task.sleep(for: .milliseconds(25)) }
      }
      #expect(seen, "node B never listed the track uploaded on node A")
      let found = try await onB.get(search).json(SearchResults.self)
      #expect(found.tracks.map(\.title) == ["Faraway Song"])
    }
  }
}
