import BlastoiseBridge
import BlastoiseClient
import BlastoisePhotoBackup
import Foundation

/// `bridge-host --photos DIR`: a folder as the phone's photo library, so the page's Photo backup
/// card drives a real backup on Linux (what PhotoKit is on a phone). A run is the same
/// `BackupSession` as `blastoise backup`, with the same journal in the folder; one at a time.
/// Wi-Fi and power are always there.
actor FolderBackup: PhoneBackup {
  let root: URL
  let device: String
  private var api: BlastoiseAPI?
  private var chosen = BackupSettings()
  private var state = BackupReport(state: .off)
  private var running: Task<Void, Never>?

  init(root: URL, device: String) {
    self.root = root
    self.device = device
  }

  /// The page's session, for the uploads (a reload brings a new one).
  func use(_ api: BlastoiseAPI) { self.api = api }

  func settings() -> BackupSettings { chosen }

  func report() -> BackupReport { state }

  func apply(_ settings: BackupSettings) {
    chosen = settings
    guard settings.mayRun(signedIn: settings.account, onWiFi: true, charging: true) else {
      if running == nil { state = BackupReport(state: .off, lastRunAt: state.lastRunAt) }
      return
    }
    guard running == nil, let api else { return }
    state = BackupReport(state: .running, lastRunAt: state.lastRunAt)
    running = Task { await run(api: api, settings: settings) }
  }

  private func run(api: BlastoiseAPI, settings: BackupSettings) async {
    let journal = JournalFile(url: root.appendingPathComponent(".blastoise-backup.json"))
    let session = BackupSession(
      api: api, source: FolderSource(root: root), device: device, journal: journal.load(), settings: settings,
      save: journal.save
    ) { [weak self] progress in
      Task { await self?.progressed(progress) }
    }
    let finishedAt = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
    do {
      let summary = try await session.run()
      journal.save(session.currentJournal)
      state = BackupReport(finished: summary, at: finishedAt())
    } catch {
      journal.save(session.currentJournal)
      state = BackupReport(state: .failed, lastRunAt: finishedAt(), message: "\(error)")
    }
    running = nil
  }

  private func progressed(_ progress: BackupProgress) {
    guard running != nil else { return }
    state = BackupReport(state: .running, files: progress.files, done: progress.filesDone, lastRunAt: state.lastRunAt)
  }
}
