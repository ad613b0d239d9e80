import BlastoiseBridge
import BlastoiseClient
import BlastoisePhotoBackup
import Foundation
import Network
import Photos
import UIKit

/// The phone's photo library as `PhoneBackup`: the page's card turns it on for the person signed
/// in; a run is `BackupSession` over `PhotoLibrarySource` (newest first; iCloud originals fetched)
/// when the settings allow it now — Wi-Fi is a connection that is not expensive, charging is the
/// battery's state. Settings and the journal are kept in the app's files.
actor PhotoLibraryBackup: PhoneBackup {
  private let api: BlastoiseAPI
  private let folder: URL
  private var chosen: BackupSettings
  private var state = BackupReport(state: .off)
  private var running: Task<Void, Never>?
  private let path = NWPathMonitor()

  init(api: BlastoiseAPI, folder: URL) {
    self.api = api
    self.folder = folder
    chosen =
      (try? JSONDecoder().decode(
        BackupSettings.self, from: Data(contentsOf: folder.appendingPathComponent("backup.json"))))
      ?? BackupSettings()
    path.start(queue: .global())
  }

  func settings() -> BackupSettings { chosen }

  /// A run when the settings allow one now, to its end (for the background task iOS starts).
  func runIfDue() async {
    await apply(chosen)
    await running?.value
  }
  func report() -> BackupReport { state }

  func apply(_ settings: BackupSettings) async {
    chosen = settings
    try? JSONEncoder().encode(settings).write(to: folder.appendingPathComponent("backup.json"), options: .atomic)
    guard settings.enabled else {
      state = BackupReport(state: .off, lastRunAt: state.lastRunAt)
      return
    }
    guard await PHPhotoLibrary.requestAuthorization(for: .readWrite) != .denied else {
      state = BackupReport(state: .failed, message: "Blastoise may not read your photos (Settings → Privacy)")
      return
    }
    let onWiFi = path.currentPath.status == .satisfied && !path.currentPath.isExpensive
    let charging = await MainActor.run {
      UIDevice.current.isBatteryMonitoringEnabled = true
      return [.charging, .full].contains(UIDevice.current.batteryState)
    }
    guard settings.mayRun(signedIn: settings.account, onWiFi: onWiFi, charging: charging) else {
      state = BackupReport(state: .waiting, lastRunAt: state.lastRunAt, message: onWiFi ? "for power" : "for Wi-Fi")
      return
    }
    guard running == nil else { return }
    state = BackupReport(state: .running, lastRunAt: state.lastRunAt)
    running = Task { await run(settings) }
  }

  private func run(_ settings: BackupSettings) async {
    let journalURL = folder.appendingPathComponent("journal.json")
    let journal =
      (try? JSONDecoder().decode(BackupJournal.self, from: Data(contentsOf: journalURL))) ?? BackupJournal()
    let session = BackupSession(
      api: api, source: PhotoLibrarySource(), device: await MainActor.run { UIDevice.current.name },
      journal: journal, settings: settings,
      save: { try? JSONEncoder().encode($0).write(to: journalURL, options: .atomic) }
    ) { [weak self] progress in
      Task { await self?.progressed(progress) }
    }
    let now = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
    do {
      state = BackupReport(finished: try await session.run(), at: now())
    } catch {
      state = BackupReport(state: .failed, lastRunAt: now(), message: error.localizedDescription)
    }
    running = nil
  }

  private func progressed(_ progress: BackupProgress) {
    state = BackupReport(state: .running, files: progress.files, done: progress.filesDone, lastRunAt: state.lastRunAt)
  }
}
