import BlastoiseCore
import BlastoisePostgres
import BlastoiseTestSupport
import Foundation
import Testing

/// URL import on several nodes sharing PostgreSQL (real yt-dlp, a loopback site): a job runs on
/// one node only. Jobs queued in the store are claimed once among the nodes; a node starting
/// while another runs a job leaves it; a job whose node died goes back to the queue and another
/// node runs it. Every wait is a hang guard.
@Suite(
  .exclusive, .enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"),
  .enabled(if: TestChild.locate("yt-dlp") != nil, "needs yt-dlp"))
struct ImportNodesTests {
  static let importing = ["--ytdlp", "--allow-private-imports"]

  @Test func eachJobRunsOnOneNodeAndADeadNodesJobIsTakenUp() async throws {
    let tones = (0..<6).map { "tone\($0).wav" }
    var files: [String: Data] = [:]
    for (index, name) in tones.enumerated() {
      files[name] = LibraryRoutesTests.wav(seconds: 1, frequency: 200 + Double(index) * 50, title: nil)
    }
    let site = try await ImportFixtureSite.start(files: files)
    try await NodeCluster.with(tones: []) { cluster in
      let first = try cluster.start(Self.importing)
      let client = APIClient(base: "http://127.0.0.1:\(try await first.waitUntilListening())")
      #expect(try await client.signUp("keeper").status == 200)
      let store = try await PostgresStorage.connect(PostgresSettings(url: cluster.schema.url))
      try await withAsyncCleanup {
        // Jobs queued while no node looks for them (as when every node stopped): the first node
        // started before, so it never sees them.
        let owner = try #require(try await store.accounts.user(usernameKey: "keeper"))
        let ids = ["slow"] + tones
        try await store.imports.insert(
          ids.map { id in
            ImportJobRecord(
              id: id, ownerID: owner.id, ownerName: owner.username, ownerRole: owner.role,
              url: site.url(id == "slow" ? "/slow.wav" : "/\(id)"), title: id, createdAt: 1, updatedAt: 1)
          })
        let pair = try (0..<2).map { _ in try cluster.start(Self.importing) }
        for node in pair { _ = try await node.waitUntilListening() }
        try await Self.waitForJobs(in: store) { jobs in
          jobs.allSatisfy { $0.id == "slow" ? $0.status == .downloading : $0.status == .complete }
        }
        // The first node follows the stored jobs too, so it may take some.
        let runs = ([first] + pair).map(Self.jobsRun)
        #expect(runs.joined().sorted() == ids.sorted(), "every job ran once, on one of the three")

        // A node starting while the slow job runs leaves it to its node.
        let later = try cluster.start(Self.importing)
        _ = try await later.waitUntilListening()
        #expect(try await store.imports.jobs().first { $0.id == "slow" }?.status == .downloading)
        #expect(Self.jobsRun(later).isEmpty)

        // Its node dies: a live node puts it back in the queue and runs it.
        let nodes = [first] + pair
        let runner = try #require(nodes.indices.first { runs[$0].contains("slow") })
        nodes[runner].signal(SIGKILL)
        _ = try await nodes[runner].waitForExit()
        let survivors = [later] + nodes.indices.filter { $0 != runner }.map { nodes[$0] }
        _ = try await Self.node(among: survivors) { Self.jobsRun($0).contains("slow") }
        for node in survivors { node.signal(SIGKILL) }
      } cleanup: {
        await store.close()
      }
    }
    site.stop()
  }

  /// Two importing nodes, and the same signed-in account on each.
  static func twoNodes(_ cluster: NodeCluster) async throws -> (ServerProcess, APIClient, ServerProcess, APIClient) {
    let a = try cluster.start(Self.importing)
    let onA = APIClient(base: "http://127.0.0.1:\(try await a.waitUntilListening())")
    #expect(try await onA.signUp("keeper").status == 200)
    let b = try cluster.start(Self.importing)
    let onB = APIClient(base: "http://127.0.0.1:\(try await b.waitUntilListening())")
    onB.cookie = onA.cookie
    return (a, onA, b, onB)
  }

  /// Jobs are followed from every node: a job queued on A runs on whichever node claims it (both
  /// hear the job's notice) and is listed on the other with the progress its runner stored; the
  /// other's cancel stops it on the runner. Then a job whose node dies is queued again and run by
  /// the node that was already running, without any node starting.
  @Test func jobsAreListedProgressedAndCancelledFromAnyNodeAndADeadNodesJobIsRequeued() async throws {
    let site = try await ImportFixtureSite.start(files: [:])
    try await NodeCluster.with(tones: []) { cluster in
      let (a, onA, b, onB) = try await Self.twoNodes(cluster)

      let first = try await onA.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav"))"}"#).json(
        ImportTests.Single.self)
      let runner = try await Self.node(among: [a, b]) { Self.jobsRun($0).contains(first.id) }
      let (other, onRunner, onOther) = runner === a ? (b, onA, onB) : (a, onB, onA)
      let seen = try await ImportTests.waitForJob(onOther, first.id) { $0.status == "downloading" && $0.progress > 0 }
      #expect(seen.progress > 0)
      let cancelled = try await onOther.request("DELETE", "/api/fetch/\(first.id)")
      #expect(cancelled.status == 200, "\(cancelled.text)")
      #expect(try cancelled.json(ImportTests.Job.self).status == "cancelled")
      #expect(Self.jobsRun(runner) == [first.id])
      #expect(Self.jobsRun(other).isEmpty)
      #expect(try await ImportTests.jobs(onRunner).first { $0.id == first.id }?.status == "cancelled")

      let second = try await onA.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav?2"))"}"#).json(
        ImportTests.Single.self)
      let dying = try await Self.node(among: [a, b]) { Self.jobsRun($0).contains(second.id) }
      let survivor = dying === a ? b : a
      dying.signal(SIGKILL)
      _ = try await dying.waitForExit()
      _ = try await survivor.waitForLog(matching: "import: job (\(second.id)) runs on this node")
      survivor.signal(SIGKILL)
    }
    site.stop()
  }

  /// A node whose lock connection drops while it runs a job stops that run and stores nothing
  /// more of it: the job goes back to the queue, runs again (on whichever node claims it), and
  /// what that run stores — here a cancel — stays.
  @Test func aNodeThatLostAJobsLockStopsItAndNeverOverwritesItsNextRun() async throws {
    let site = try await ImportFixtureSite.start(files: [:])
    try await NodeCluster.with(tones: []) { cluster in
      let (a, onA, b, onB) = try await Self.twoNodes(cluster)

      let job = try await onA.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav"))"}"#).json(
        ImportTests.Single.self)
      // Whichever node claims it (both hear the job's notice) is the first runner.
      let first = try await Self.node(among: [a, b]) { Self.jobsRun($0).contains(job.id) }
      let other = first === a ? b : a
      _ = try await ImportTests.waitForJob(first === a ? onB : onA, job.id) {
        $0.status == "downloading" && $0.progress > 0
      }

      // The first runner's lock session ends (as when its connection is cut); its pool is untouched.
      let serverURL = try #require(TestPostgres.url)
      let key = try await TestPostgres.withAdmin(on: serverURL) { database in
        try await database.read { connection in
          try connection.queryOne("SELECT hashtext($1) AS key", .text("\(cluster.schema.name)/import/\(job.id)"))?
            .int64("key")
        }
      }
      let cut = try await TestPostgres.terminateSessions(
        holdingLock: Self.importLockClass, Int32(try #require(key)), on: serverURL)
      #expect(cut == 1)
      _ = try await first.waitForLog(matching: "import: job (\(job.id)) is not this node's any more")
      _ = try await first.waitForLog(matching: "import: job (\(job.id)) stopped here without storing its end")

      // Requeued (its lock is free) and run again, by either node.
      let runner = try await Self.node(among: [first, other]) {
        Self.jobsRun($0).count == ($0 === first ? 2 : 1)
      }
      let onRunner = runner === a ? onA : onB
      _ = try await ImportTests.waitForJob(onRunner, job.id) { $0.status == "downloading" }
      let cancelled = try await onRunner.request("DELETE", "/api/fetch/\(job.id)")
      #expect(cancelled.status == 200, "\(cancelled.text)")
      // The first run ended before the second began and stored nothing: the cancel stays.
      for node in [onA, onB] {
        #expect(try await ImportTests.jobs(node).first { $0.id == job.id }?.status == "cancelled")
      }
      #expect(!first.child.errorText.contains("job \(job.id) failed"))
      a.signal(SIGKILL)
      b.signal(SIGKILL)
    }
    site.stop()
  }

  /// `PostgresNodeLocks.lockClass`, "bn".
  static let importLockClass: Int32 = 0x626E

  /// The jobs a node's log says it ran.
  static func jobsRun(_ node: ServerProcess) -> [String] {
    node.child.errorText.matches(of: /import: job (\S+) runs on this node/).map { String($0.1) }
  }

  /// The first of `nodes` for which `condition` holds, once one does (a hang guard of 120 s):
  /// which node claimed a job, when any of them may.
  static func node(among nodes: [ServerProcess], where condition: (ServerProcess) -> Bool) async throws
    -> ServerProcess
  {
    for _ in 0..<480 {
      if let node = nodes.first(where: condition) { return node }
      try await Task.sleep(for: .milliseconds(250))
    }
    throw ProcessFailure(message: "no node did it within 120 s: \(nodes.map(Self.jobsRun))")
  }

  /// Until the stored jobs satisfy `done` (a hang guard of 120 s).
  static func waitForJobs(in store: PostgresStorage, _ done: ([ImportJobRecord]) -> Bool) async throws {
    for _ in 0..<480 {
      if done(try await store.imports.jobs()) { return }
      try await Task.sleep(for: .milliseconds(250))
    }
    throw ProcessFailure(message: "the jobs did not end: \(try await store.imports.jobs().map(\.status))")
  }
}
