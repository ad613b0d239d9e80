import BlastoiseClient
import UIKit

/// The window: the page of the server in use, or the list of servers when there is none (or the
/// person asks for it: shake the phone, or the banner's Servers button).
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    guard let scene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: scene)
    self.window = window
    if let server = ServerStore.shared.list.inUse { show(server) } else { showServers() }
    window.makeKeyAndVisible()
  }

  func show(_ server: ServerAddress) {
    window?.rootViewController = WebViewController(server: server) { [weak self] in self?.showServers() }
  }

  func showServers() {
    let servers = ServerSetupViewController { [weak self] server in self?.show(server) }
    window?.rootViewController = UINavigationController(rootViewController: servers)
  }
}
