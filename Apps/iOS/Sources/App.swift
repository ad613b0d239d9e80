import BackgroundTasks
import UIKit

/// The app: one window scene (`SceneDelegate`) showing the server's own page; the audio is the
/// phone's (`docs/native-bridge.md`). Photo backup also runs when iOS chooses to start it in the
/// background (`BGProcessingTask`, with the network, and power when the person asked for it).
@main
final class App: UIResponder, UIApplicationDelegate {
  static let backupTask = "org.blastoise.app.backup"

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    AudioSession.configure()
    BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.backupTask, using: nil) { task in
      let run = Task { @MainActor in
        await PhoneAudio.shared.backup?.runIfDue()
        task.setTaskCompleted(success: true)
        Self.scheduleBackup()
      }
      task.expirationHandler = { run.cancel() }
    }
    return true
  }

  func applicationDidEnterBackground(_ application: UIApplication) { Self.scheduleBackup() }

  /// iOS woke the app for its upload session's events (a chunk that finished while suspended).
  func application(
    _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
    completionHandler: @escaping () -> Void
  ) {
    guard identifier == BackgroundUploadTransport.identifier else { return completionHandler() }
    BackgroundUploadTransport.shared.finishedEvents = completionHandler
  }

  /// Asks iOS for the next background run (it decides when).
  static func scheduleBackup() {
    Task { @MainActor in
      guard let settings = await PhoneAudio.shared.backup?.settings(), settings.enabled else { return }
      let request = BGProcessingTaskRequest(identifier: backupTask)
      request.requiresNetworkConnectivity = true
      request.requiresExternalPower = settings.onlyWhileCharging
      try? BGTaskScheduler.shared.submit(request)
    }
  }
}
