import BlastoiseCore
import BlastoiseProtocol

/// Import jobs with other nodes sharing the store (`docs/url-import.md`, "Several nodes"): what
/// this node shows and runs follows the stored rows, read again when another node says its jobs
/// changed; cancels reach the node running the job through its row; jobs of a node that died go
/// back to the queue; a job whose lock this node lost is stopped here.
extension ImportQueue {
  /// How often this node checks its running jobs for a cancel asked for elsewhere and for a
  /// lost lock.
  static let cancelCheck: Duration = .seconds(1)
  /// Every so many checks the stored jobs are read, in case a job notice was lost (a node that
  /// died between its commit and its NOTIFY)…
  static let followEvery = 60
  /// …and jobs whose node holds no lock any more are queued again.
  static let requeueEvery = 10

  func watchStore() async {
    var ticks = 0
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: Self.cancelCheck)
      } catch {
        return
      }
      ticks += 1
      await stopCancelledElsewhere()
      await stopLostClaims()
      if ticks % Self.requeueEvery == 0 { await requeueOrphans() }
      if ticks % Self.followEvery == 0 { await followStore() }
    }
  }

  /// A job another node runs: the cancel is stored, that node stops the job, and this returns
  /// once the row says the job ended (a hang guard of 60 s, then 503).
  func cancelElsewhere(_ id: String) async throws -> ImportJobInfo {
    guard try await store.requestCancel(id: id) else {
      await followStore()  // it ended meanwhile (or went back to the queue)
      guard let job = jobs[id] else { throw CoreError(.notFound, "No such import") }
      if job.status.isFinished { throw CoreError(.conflict, "That import has already finished") }
      return try await cancel(id, by: job.owner)
    }
    for _ in 0..<240 {
      try await Task.sleep(for: .milliseconds(250))
      if let stored = try await store.jobs().first(where: { $0.id == id }), stored.status.isFinished {
        return info(stored)
      }
    }
    throw CoreError(.unavailable, "The node running that import has not stopped it yet; try again")
  }

  /// Tells the other nodes that jobs changed here, after the change committed.
  func tellNodes() {
    guard let jobsChanged else { return }
    Task { await jobsChanged() }
  }

  /// Running jobs whose lock this node's lock session no longer holds (`NodeLocks.holds`).
  private func stopLostClaims() async {
    for id in runningIDs where !(await locks.holds(.importJob(id))) { lostClaim(id) }
  }

  private func stopCancelledElsewhere() async {
    let ids = runningIDs
    guard !ids.isEmpty, let asked = try? await store.cancelRequested(among: ids) else { return }
    for id in asked { stopRunning(id) }
  }

  /// Jobs left `downloading` by a node that died (its locks went with its session).
  private func requeueOrphans() async {
    do {
      let requeued = try await store.requeueUnfinished(at: now())
      guard requeued > 0 else { return }
      ServerLog.write("import: \(requeued) jobs of a node that stopped are queued again")
      tellNodes()
      await followStore()
    } catch {
      ServerLog.write("import: could not look for jobs of stopped nodes: \(error)")
    }
  }
}
