import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// The import jobs and the runner: jobs start in queue order, `settings.concurrency` at a time;
/// each downloads into its own hidden folder under `imports/`, which is deleted whatever
/// happens. Every change of state is stored and announced on sockets; progress is announced
/// at most every 250 ms per job (and then, with other nodes, stored).
///
/// A restart puts interrupted jobs back in the queue and deletes leftover download folders, so
/// a half-written file never reaches the library.
///
/// Nodes sharing a store never run one job twice: a job is claimed before it runs — its
/// `NodeLock.importJob`, held until its last state is stored, then its row moved out of `queued`
/// (`ImportJobStore.claim`). A node starting puts back only jobs whose lock nobody holds. With
/// other nodes (`shared`) every node follows the stored jobs (`followStore`): it lists jobs queued
/// through any node, with the progress their node stored, and runs queued ones it can claim; a
/// cancel of a job another node runs is stored (`requestCancel`) and that node stops it; and jobs
/// whose node died are put back in the queue now and then, not only when a node starts.
actor ImportQueue {
  let store: any ImportJobStore
  let locks: any NodeLocks
  private let settings: ImportSettings
  private let tool: YtDlp?
  private let ingest: ImportIngest
  private let addresses: OutboundAddressPolicy
  private let playlists: PlaylistService
  private let announce: @Sendable (ImportSocketMessage) -> Void
  let now: @Sendable () -> Int64
  /// Tells the other nodes sharing the store that jobs changed here (nil: alone).
  let jobsChanged: (@Sendable () async -> Void)?
  /// Other nodes share the store: follow it (`watchStore`).
  private var shared: Bool { jobsChanged != nil }
  private var watching: Task<Void, Never>?
  /// Moves on with each local change of a job row: a read of the rows that raced one is dropped.
  private var changes = 0

  private(set) var jobs: [String: ImportJobRecord] = [:]
  private var order: [String] = []
  private var progress: [String: Int] = [:]
  private var lastAnnounced: [String: ContinuousClock.Instant] = [:]
  private var running: [String: (handle: RunningJob, task: Task<Void, Never>)] = [:]
  var runningIDs: [String] { Array(running.keys) }
  /// Jobs being claimed: they count against `settings.concurrency`.
  private var claiming: Set<String> = []
  private var stopping = false
  /// The last queued job write; each waits for the one before it and passes on the first failure.
  private var writes: Task<(any Error)?, Never>?
  /// Jobs being inserted, per owner: counted against the limit while their insert is awaited.
  private var inserting: [Int: Int] = [:]

  /// A job being worked on: its yt-dlp process, whether someone asked to cancel it, and whether
  /// this node lost its claim (`lostClaim`).
  private final class RunningJob: Sendable {
    let process = ToolProcess()
    let cancelRequested = ImportFlag()
    let claimLost = ImportFlag()
  }

  private enum Result: Sendable {
    case imported(ImportIngest.Outcome)
    case failed(String)
    case cancelled
    /// The server is stopping: back to the queue.
    case interrupted
    /// The job is not this node's any more: nothing is stored.
    case lost
  }

  init(
    store: any ImportJobStore, locks: any NodeLocks, settings: ImportSettings, tool: YtDlp?, ingest: ImportIngest,
    addresses: OutboundAddressPolicy, playlists: PlaylistService,
    announce: @escaping @Sendable (ImportSocketMessage) -> Void, jobsChanged: (@Sendable () async -> Void)? = nil,
    now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
  ) {
    self.jobsChanged = jobsChanged
    self.store = store
    self.locks = locks
    self.settings = settings
    self.tool = tool
    self.ingest = ingest
    self.addresses = addresses
    self.playlists = playlists
    self.announce = announce
    self.now = now
  }

  /// Loads stored jobs, requeues interrupted ones, removes leftover download folders, and
  /// starts the queue (only when yt-dlp can run).
  func start() async throws {
    try FileManager.default.createDirectory(atPath: settings.directory, withIntermediateDirectories: true)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: settings.directory)) ?? []
    where name.hasPrefix(ImportSettings.temporaryPrefix) {
      try? FileManager.default.removeItem(atPath: settings.directory + "/" + name)
    }
    let requeued = try await store.requeueUnfinished(at: now())
    if requeued > 0 { tellNodes() }
    for job in try await store.jobs() {
      jobs[job.id] = job
      order.append(job.id)
    }
    let waiting = jobs.values.filter { $0.status == .queued }.count
    if waiting > 0 { ServerLog.write("import: \(waiting) queued jobs (\(requeued) interrupted by the last stop)") }
    schedule()
    if shared { watching = Task { await self.watchStore() } }
  }

  /// Kills running downloads (their jobs go back to the queue) and waits for them to end.
  func stop() async {
    stopping = true
    watching?.cancel()
    let jobs = Array(running.values)
    for job in jobs { job.handle.process.kill() }
    for job in jobs { await job.task.value }
    try? await writesDone()
  }

  // MARK: Requests

  /// Stores new jobs (all or none) and starts what it can.
  func enqueue(_ records: [ImportJobRecord]) async throws {
    guard let owner = records.first?.ownerID else { return }
    let active = activeCount(ownerID: owner) + inserting[owner, default: 0]
    guard active + records.count <= settings.maxActiveJobsPerUser else {
      throw CoreError(
        .rateLimited(retryAfterSeconds: 60),
        "You have \(active) imports waiting; at most \(settings.maxActiveJobsPerUser) may wait at once")
    }
    // Other requests run on this actor while the insert is awaited: they see these jobs counted.
    inserting[owner, default: 0] += records.count
    defer { inserting[owner, default: 0] -= records.count }
    try await store.insert(records)
    changes += 1
    tellNodes()
    for record in records {
      jobs[record.id] = record
      order.append(record.id)
      progress[record.id] = 0
      send(record, type: .importProgress)
    }
    schedule()
  }

  func activeCount(ownerID: Int) -> Int {
    jobs.values.filter { $0.ownerID == ownerID && !$0.status.isFinished }.count
  }

  func list(for principal: Principal) async -> [ImportJobInfo] {
    await followStore()
    return order.compactMap { jobs[$0] }.filter { $0.isVisible(to: principal) }.map(info)
  }

  /// Cancels a job of the caller's (admins: anyone's). A queued job is cancelled at once; a
  /// running one is killed and this returns when it has ended and its files are gone.
  func cancel(_ id: String, by principal: Principal) async throws -> ImportJobInfo {
    await followStore()
    guard let job = jobs[id], job.isVisible(to: principal) else { throw CoreError(.notFound, "No such import") }
    switch job.status {
    case .queued:
      update(id) {
        $0.status = .cancelled
        $0.error = nil
      }
      if let job = jobs[id] { send(job, type: .importCancelled) }
      try await writesDone()
    case .downloading, .processing:
      guard let task = running[id]?.task else { return try await cancelElsewhere(id) }
      stopRunning(id)
      await task.value
      try await writesDone()
    case .complete, .error, .cancelled:
      throw CoreError(.conflict, "That import has already finished")
    }
    guard let final = jobs[id] else { throw CoreError(.notFound, "No such import") }
    return info(final)
  }

  /// Kills a job this node runs; it ends as cancelled.
  func stopRunning(_ id: String) {
    guard let handle = running[id]?.handle else { return }
    handle.cancelRequested.set()
    handle.process.kill()
  }

  /// Takes the stored state of every job this node does not run (queued or changed through other
  /// nodes, with their stored progress; cleared elsewhere: gone) and runs what it can. Alone the
  /// rows hold nothing this node does not know. A read that raced a change made here is dropped:
  /// the row may not have that change yet.
  func followStore() async {
    guard shared else { return }
    _ = await writes?.value
    let before = changes
    guard let stored = try? await store.jobs(), changes == before, inserting.values.allSatisfy({ $0 == 0 }) else {
      return
    }
    let storedIDs = Set(stored.map(\.id))
    var next: [String: ImportJobRecord] = [:]
    for job in stored {
      let local = running[job.id] != nil || claiming.contains(job.id)
      next[job.id] = local ? jobs[job.id] ?? job : job
      if !local { progress[job.id] = nil }
    }
    let runningHere = order.filter { !storedIDs.contains($0) && running[$0] != nil }
    for id in runningHere { next[id] = jobs[id] }
    jobs = next
    order = stored.map(\.id) + runningHere
    schedule()
  }

  /// Forgets finished jobs of the caller's (admins: everyone's); returns how many.
  func clearFinished(by principal: Principal) async throws -> Int {
    await followStore()
    try await writesDone()
    let finished = order.compactMap { jobs[$0] }.filter { $0.status.isFinished && $0.isVisible(to: principal) }
    try await store.delete(ids: finished.map(\.id))
    changes += 1
    if !finished.isEmpty { tellNodes() }
    for job in finished {
      jobs[job.id] = nil
      progress[job.id] = nil
      lastAnnounced[job.id] = nil
    }
    let removed = Set(finished.map(\.id))
    order.removeAll { removed.contains($0) }
    return finished.count
  }

  // MARK: Running

  private func schedule() {
    guard !stopping, let tool else { return }
    while running.count + claiming.count < settings.concurrency,
      let id = order.first(where: { jobs[$0]?.status == .queued && !claiming.contains($0) })
    {
      claiming.insert(id)
      Task { await self.claim(id, tool: tool) }
    }
  }

  /// Runs a queued job once it is this node's: its lock, then its row. A job another node runs
  /// (its lock is held) or took already (its row is not queued) takes the state stored for it.
  private func claim(_ id: String, tool: YtDlp) async {
    defer {
      claiming.remove(id)
      schedule()
    }
    let lock = NodeLock.importJob(id)
    guard (try? await locks.tryLock(lock)) == true else { return await takeStored(id) }
    guard (try? await store.claim(id: id, at: now())) == true else {
      await locks.unlock(lock)
      return await takeStored(id)
    }
    // Cancelled or stopping while it was claimed: its state is stored as it is here.
    guard !stopping, update(id, { $0.status = .downloading }), let job = jobs[id] else {
      update(id) { _ in }
      return await release(id)
    }
    ServerLog.write("import: job \(id) runs on this node")
    let handle = RunningJob()
    // The task cannot reach `finish` before this returns: that runs on this actor.
    running[id] = (handle, Task { await self.run(job, handle: handle, tool: tool) })
    progress[id] = 0
    send(job, type: .importProgress)
  }

  /// This node's lock of a job it runs is gone (its connection was lost): another node may have
  /// queued it again and run it. The run here is stopped and nothing more of it is stored.
  func lostClaim(_ id: String) {
    guard let handle = running[id]?.handle, !handle.claimLost.isSet else { return }
    ServerLog.write("import: job \(id) is not this node's any more (its lock was lost); stopping it here")
    handle.claimLost.set()
    handle.process.kill()
  }

  /// After a lost job's run ended here: its state is what its new node (or the requeue) stored.
  private func takeLost(_ id: String) async {
    progress[id] = nil
    guard let stored = try? await store.jobs().first(where: { $0.id == id }) else { return }
    jobs[id] = stored
  }

  /// A job this node did not get, as the store has it (if it is still queued here).
  private func takeStored(_ id: String) async {
    guard let stored = try? await store.jobs().first(where: { $0.id == id }), jobs[id]?.status == .queued else {
      return
    }
    jobs[id] = stored
  }

  /// Lets go of a job's lock once every state written for it is stored.
  private func release(_ id: String) async {
    _ = await writes?.value
    await locks.unlock(.importJob(id))
  }

  /// Download folders are made and removed here: a half-downloaded file can be hundreds of MB,
  /// and deleting it must not hold a thread of the Swift pool.
  private static let folders = DispatchQueue(label: "blastoise.import-folders")

  private nonisolated func run(_ job: ImportJobRecord, handle: RunningJob, tool: YtDlp) async {
    let folder = settings.directory + "/" + ImportSettings.temporaryPrefix + job.id
    let result: Result
    do {
      try await BlockingWork.run(on: Self.folders) {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      }
      result = await download(job, into: folder, handle: handle, tool: tool)
    } catch {
      result = .failed("Cannot prepare the download folder")
    }
    _ = try? await BlockingWork.run(on: Self.folders) { try? FileManager.default.removeItem(atPath: folder) }
    await finish(job.id, result)
  }

  private nonisolated func download(_ job: ImportJobRecord, into folder: String, handle: RunningJob, tool: YtDlp) async
    -> Result
  {
    // The host is checked again: what it resolves to may have changed since the job was queued.
    do {
      _ = try await addresses.check(host: try OutboundURLPolicy.check(job.url).host)
    } catch {
      return .failed("\(error)")
    }
    let id = job.id
    let outcome = await tool.download(job.url, into: folder, name: job.title, process: handle.process) { progress in
      Task { await self.report(id, progress) }
    }
    if handle.cancelRequested.isSet { return .cancelled }
    switch outcome {
    case .killed:
      return await isStopping() ? .interrupted : .cancelled
    case .failed(let failure):
      return .failed(failure.message)
    case .file(let path):
      guard await begin(.processing, id) else { return await isStopping() ? .interrupted : .cancelled }
      if handle.cancelRequested.isSet { return .cancelled }
      do {
        return .imported(try await ingest.add(path))
      } catch {
        return .failed("\(error)")
      }
    }
  }

  private func isStopping() -> Bool { stopping }

  /// Returns when every job change so far is stored (before the API answers for one); throws
  /// when one of them could not be.
  private func writesDone() async throws {
    guard let last = writes else { return }
    let failure = await last.value
    if writes == last { writes = nil }  // reported once
    if failure != nil { throw CoreError(.unavailable, "Could not store the import's state; try again") }
  }

  private func begin(_ status: ImportJobStatus, _ id: String) -> Bool {
    guard !stopping, update(id, { $0.status = status }), let job = jobs[id] else { return false }
    progress[id] = 100
    send(job, type: .importProgress)
    return true
  }

  private func report(_ id: String, _ report: ImportProgress) {
    guard let job = jobs[id], job.status == .downloading, let percent = report.percent,
      percent > progress[id] ?? 0
    else { return }
    progress[id] = percent
    let time = ContinuousClock.now
    if let last = lastAnnounced[id], time - last < .milliseconds(250) { return }
    lastAnnounced[id] = time
    send(job, type: .importProgress)
    if shared { update(id) { $0.progress = percent } }  // for the other nodes' lists
  }

  private func finish(_ id: String, _ result: Result) async {
    let lost = running[id]?.handle.claimLost.isSet == true
    await record(id, lost ? .lost : result)
    running[id] = nil  // before its lock goes: a lock let go is not a lock lost
    await release(id)
    if lost { await takeLost(id) }
    schedule()
  }

  private func record(_ id: String, _ result: Result) async {
    switch result {
    case .lost:
      ServerLog.write("import: job \(id) stopped here without storing its end (another node may run it)")
    case .interrupted:
      update(id) { $0.status = .queued }
    case .cancelled:
      update(id) { $0.status = .cancelled }
      if let job = jobs[id] { send(job, type: .importCancelled) }
    case .failed(let message):
      update(id) {
        $0.status = .error
        $0.error = message
      }
      if let job = jobs[id] {
        ServerLog.write("import: job \(id) failed: \(message)")
        send(job, type: .importError)
      }
    case .imported(let outcome):
      update(id) {
        $0.status = .complete
        $0.trackID = outcome.track.id
        $0.error = nil
      }
      progress[id] = 100
      guard let job = jobs[id] else { return }
      await addToPlaylist(job, trackID: outcome.track.id)
      send(job, type: .importComplete, track: outcome.track)
    }
  }

  /// A confirmed playlist import adds each track as its job completes, in the feed's order
  /// among the entries already added.
  private func addToPlaylist(_ job: ImportJobRecord, trackID: String) async {
    guard let playlistID = job.playlistID, let index = job.playlistIndex else { return }
    let before = jobs.values.filter {
      $0.playlistID == playlistID && $0.id != job.id && $0.status == .complete && $0.trackID != nil
        && ($0.playlistIndex ?? 0) < index
    }.count
    do {
      let owner = job.owner
      let current = try await playlists.visible(playlistID, to: owner).trackIds.count
      _ = try await playlists.edit(playlistID, .add([trackID], insertAt: min(before, current)), by: owner)
    } catch {
      ServerLog.write("import: could not add \(trackID) to playlist \(playlistID): \(error)")
    }
  }

  // MARK: State

  /// Applies a change that the state machine allows and queues its write; false when it was not
  /// allowed. The change is made here at once, so the state machine never sees one half done
  /// while a write is awaited; the writes follow in order (`writesDone` waits for them).
  ///
  /// A job this node runs (or is claiming) is written only while this node still holds its lock:
  /// one whose lock went with a lost connection may be another node's now, and that node's state
  /// must not be overwritten (`lostClaim`). Other nodes hear of a new status (`tellNodes`).
  @discardableResult
  private func update(_ id: String, _ change: (inout ImportJobRecord) -> Void) -> Bool {
    guard let old = jobs[id], running[id]?.handle.claimLost.isSet != true else { return false }
    var job = old
    change(&job)
    guard job.status == old.status || old.status.canMove(to: job.status) else { return false }
    job.updatedAt = now()
    jobs[id] = job
    changes += 1
    let previous = writes
    let claimed = running[id] != nil || claiming.contains(id)
    let statusChanged = job.status != old.status
    writes = Task { [store, locks, jobsChanged] in
      let earlier = await previous?.value
      do {
        let held = claimed ? await locks.holds(.importJob(id)) : true
        guard held else {
          self.lostClaim(id)
          return earlier
        }
        try await store.update(job)
        if statusChanged { await jobsChanged?() }
        return earlier
      } catch {
        ServerLog.write("import: could not store job \(id): \(error)")
        return earlier ?? error
      }
    }
    return true
  }

  func info(_ job: ImportJobRecord) -> ImportJobInfo {
    ImportJobInfo(
      id: job.id, url: job.url, title: job.title, status: job.status.rawValue, progress: percent(job),
      error: job.error, trackId: job.trackID, playlistId: job.playlistID, createdAt: job.createdAt,
      updatedAt: job.updatedAt)
  }

  private func percent(_ job: ImportJobRecord) -> Int {
    switch job.status {
    case .complete, .processing: 100
    case .queued: 0
    default: progress[job.id] ?? job.progress
    }
  }

  private func send(_ job: ImportJobRecord, type: ServerMessageType, track: Track? = nil) {
    announce(
      ImportSocketMessage(
        type: type, id: job.id, status: job.status.rawValue, progress: percent(job), title: job.title,
        error: job.error, track: track, playlistId: job.playlistID))
  }
}
