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

  /// An admin's switches and account changes are in the store: made on one node, they hold on
  /// the other at once (sign-up closed there, a disabled account signed out and refused there).
  @Test func switchesAndDisabledAccountsHoldOnEveryNode() async throws {
    try await RoomNodesProcessTests.withNodes(2, seconds: [1]) { nodes, _ in
      let (onA, onB) = (nodes[0].client, nodes[1].client)
      let ann = APIClient(base: onB.base)
      #expect(try await ann.signUp("ann").status == 200)
      let closed = try await onA.request("PATCH", APIRoute.adminServer.path(), json: #"{"allowSignup":false}"#)
      #expect(closed.status == 200, "\(closed.text)")
      #expect(try await APIClient(base: onB.base).signUp("late").status == 403)
      #expect(try await onB.get(APIRoute.status.path()).json(ServerStatus.self).allowSignup == false)

      let accounts = try await onA.get(APIRoute.adminUsers.path()).json([AccountInfo].self)
      let annID = try #require(accounts.first { $0.username == "ann" }?.id)
      let disabled = try await onA.request("PATCH", APIRoute.adminUser.path(String(annID)), json: #"{"disabled":true}"#)
      #expect(disabled.status == 200, "\(disabled.text)")
      #expect(try await ann.get(APIRoute.library.path()).status == 401)
      #expect(try await APIClient(base: onB.base).logIn("ann").status == 403)
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

  /// Each node keeps each person's annotations in memory, and an app's now playing: a star on
  /// one node shows on the other (it forgets what it kept when told), and what an app says it
  /// plays on one node is in the other's `getNowPlaying`.
  @Test func aStarAndWhatAnAppPlaysOnOneNodeShowOnTheOther() async throws {
    try await RoomNodesProcessTests.withNodes(2, seconds: [1]) { nodes, _ in
      let (onA, onB) = (nodes[0].client, nodes[1].client)
      let track = try #require(try await onB.get("/api/library").json([SeedTrack].self).first)
      let kept = try await onB.get(APIRoute.annotations.path("tracks")).json([String: Annotation].self)
      #expect(kept.isEmpty)  // B now keeps Ann's (none)
      let starred = try await onA.request("PUT", APIRoute.favourite.path("tracks", track.id))
      #expect(starred.status == 200, "\(starred.text)")
      try await Self.eventually("node B never showed the star made on node A") {
        let seen = try await onB.get(APIRoute.annotations.path("tracks")).json([String: Annotation].self)
        return seen[track.id]?.favourite == true
      }

      let secret = try await SubsonicRoutesTests.appPassword(onA)
      let app = [("u", "keeper"), ("p", secret), ("c", "Symfonium")]
      let reported = try await SubsonicRoutesTests.call(
        onA, "reportPlayback",
        app + [("mediaId", track.id), ("mediaType", "song"), ("state", "playing"), ("positionMs", "250")])
      #expect(SubsonicRoutesTests.errorCode(reported) == nil, "\(reported)")
      try await Self.eventually("node B's getNowPlaying never listed what the app plays on node A") {
        let playing = try await SubsonicRoutesTests.call(onB, "getNowPlaying", app)
        let entries = (playing["nowPlaying"] as? [String: Any])?["entry"] as? [[String: Any]] ?? []
        return entries.contains {
          $0["id"] as? String == track.id && $0["username"] as? String == "keeper"
            && $0["playerName"] as? String == "Symfonium" && $0["state"] as? String == "playing"
        }
      }
    }
  }

  /// Asks `seen` every 25 ms until it says yes; a hang guard of 60 s.
  static func eventually(_ failure: Comment, _ seen: () async throws -> Bool) async throws {
    for _ in 0..<2400 {
      if try await seen() { return }
      try await Task.sleep(for: .milliseconds(25))
    }
    Issue.record(failure)
  }
}
