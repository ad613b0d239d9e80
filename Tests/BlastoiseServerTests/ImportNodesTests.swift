import BlastoiseCore
import BlastoisePostgres
import BlastoiseTestSupport
import Foundation
import Testing

/// URL import on several nodes sharing PostgreSQL (real yt-dlp, a loopback site): a job runs on
/// one node only. Nodes starting together with jobs queued claim each once between them; a node
/// starting while another runs a job leaves it; a job whose node died goes back to the queue when
/// the next node starts, which runs it. Every wait is a hang guard.
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
        let runs = pair.map(Self.jobsRun)
        #expect((runs[0] + runs[1]).sorted() == ids.sorted(), "every job ran once, on one of the two")

        // A node starting while the slow job runs leaves it to its node.
        let later = try cluster.start(Self.importing)
        _ = try await later.waitUntilListening()
        #expect(try await store.imports.jobs().first { $0.id == "slow" }?.status == .downloading)
        #expect(Self.jobsRun(later).isEmpty)

        // Its node dies: the next node to start puts it back in the queue and runs it.
        let runner = runs[0].contains("slow") ? pair[0] : pair[1]
        runner.signal(SIGKILL)
        _ = try await runner.waitForExit()
        let next = try cluster.start(Self.importing)
        _ = try await next.waitForLog(matching: "import: job (slow) runs on this node")
        for node in [first, later, next] + pair { node.signal(SIGKILL) }
      } cleanup: {
        await store.close()
      }
    }
    site.stop()
  }

  /// The jobs a node's log says it ran.
  static func jobsRun(_ node: ServerProcess) -> [String] {
    node.child.errorText.matches(of: /import: job (\S+) runs on this node/).map { String($0.1) }
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
