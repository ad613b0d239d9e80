import UIKit

/// The app: one window scene (`SceneDelegate`) showing the server's own page; the audio is the
/// phone's (`docs/native-bridge.md`).
@main
final class App: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    AudioSession.configure()
    return true
  }
}
