import BlastoiseBridge
import BlastoiseClient
import UIKit
import WebKit

/// The server's own page, full screen (laid out by the page with `env(safe-area-inset-*)`), with
/// its audio on the phone: messages posted to `webkit.messageHandlers.blastoise` from the main
/// frame of the server's origin go to the `BridgeHost` (which checks the origin again); its
/// answers go to `window.blastoiseNative.on`. Shows the page's alert, confirm and prompt; opens a
/// tapped link off the server in Safari, nothing else; follows the page's own move to https on the
/// same host for this launch without saving it.
final class WebViewController: UIViewController, WKScriptMessageHandler, WKNavigationDelegate, WKUIDelegate {
  private let server: ServerAddress
  private let changeServer: () -> Void
  private var webView: WKWebView!
  private var origin: URL
  private var cookies: CookieBridge?

  init(server: ServerAddress, changeServer: @escaping () -> Void) {
    self.server = server
    self.changeServer = changeServer
    origin = server.url
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func loadView() {
    let configuration = WKWebViewConfiguration()
    configuration.allowsInlineMediaPlayback = true
    configuration.mediaTypesRequiringUserActionForPlayback = []
    configuration.userContentController.add(WeakMessageHandler(self), name: "blastoise")
    webView = WKWebView(frame: .zero, configuration: configuration)
    webView.navigationDelegate = self
    webView.uiDelegate = self
    webView.scrollView.contentInsetAdjustmentBehavior = .never
    view = webView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    startHost()
    checkIdentityThenLoad()
  }

  /// The phone's player for the origin in use (again after the page moved to https).
  private func startHost() {
    PhoneAudio.shared.start(origin: origin)
    PhoneAudio.shared.toPage = { [weak self] message in self?.deliver(message) }
    cookies = CookieBridge(
      store: webView.configuration.websiteDataStore.httpCookieStore, server: origin, jar: PhoneAudio.shared.jar)
  }

  private func deliver(_ message: HostMessage) {
    let json = String(decoding: message.json(), as: UTF8.self)
    webView.evaluateJavaScript("window.blastoiseNative && window.blastoiseNative.on(\(json))")
  }

  func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
    guard message.frameInfo.isMainFrame, JSONSerialization.isValidJSONObject(message.body),
      let data = try? JSONSerialization.data(withJSONObject: message.body)
    else { return }
    let frame = message.frameInfo.securityOrigin
    let from = "\(frame.protocol)://\(frame.host)" + (frame.port == 0 ? "" : ":\(frame.port)")
    Task { await PhoneAudio.shared.host?.receive(data, from: from) }
  }

  // MARK: Navigation

  func webView(
    _ webView: WKWebView, decidePolicyFor action: WKNavigationAction, preferences: WKWebpagePreferences
  ) async -> (WKNavigationActionPolicy, WKWebpagePreferences) {
    guard let url = action.request.url else { return (.cancel, preferences) }
    if BridgeOrigin(url) == BridgeOrigin(origin) { return (.allow, preferences) }
    if isUpgrade(url) {
      origin = URL(string: BridgeOrigin(url)!.description)!
      startHost()
      return (.allow, preferences)
    }
    if action.navigationType == .linkActivated, action.targetFrame?.isMainFrame ?? true,
      ["http", "https"].contains(url.scheme?.lowercased())
    {
      await UIApplication.shared.open(url)
    }
    return (.cancel, preferences)
  }

  /// The page moved itself to https on the same host (and the same port, or https's own).
  private func isUpgrade(_ url: URL) -> Bool {
    guard url.scheme?.lowercased() == "https", origin.scheme?.lowercased() == "http",
      url.host?.lowercased() == origin.host?.lowercased()
    else { return false }
    return url.port == nil || url.port == origin.port
  }

  // MARK: The page's dialogs

  func webView(
    _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
  ) async {
    await ask(message, actions: [("OK", true)])
  }

  func webView(
    _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
  ) async -> Bool {
    await ask(message, actions: [("Cancel", false), ("OK", true)])
  }

  func webView(
    _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
    initiatedByFrame frame: WKFrameInfo
  ) async -> String? {
    await withCheckedContinuation { continuation in
      let alert = UIAlertController(title: nil, message: prompt, preferredStyle: .alert)
      alert.addTextField { $0.text = defaultText }
      alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in continuation.resume(returning: nil) })
      alert.addAction(
        UIAlertAction(title: "OK", style: .default) { _ in
          continuation.resume(returning: alert.textFields?.first?.text ?? "")
        })
      present(alert, animated: true)
    }
  }

  @discardableResult
  private func ask(_ message: String, actions: [(String, Bool)]) async -> Bool {
    await withCheckedContinuation { continuation in
      let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
      for (title, answer) in actions {
        alert.addAction(
          UIAlertAction(title: title, style: answer ? .default : .cancel) { _ in continuation.resume(returning: answer)
          })
      }
      present(alert, animated: true)
    }
  }

  // MARK: Which server

  /// The address must still answer as the server that was kept before the page (and the
  /// session cookie with it) is loaded; if not, say so and offer the list (or go on, by choice).
  private func checkIdentityThenLoad() {
    let server = server
    Task { [weak self] in
      let problem: String?
      do {
        let identity = try await BlastoiseAPI(baseURL: server.url).identity()
        if case .changed = ServerIdentity.check(server, answered: identity) {
          problem = "\(server.name) now answers as another Blastoise server. Check it before signing in."
        } else {
          problem = nil
        }
      } catch .notBlastoise {
        problem = "\(server.name) does not answer like a Blastoise server."
      } catch {
        problem = nil  // offline or unreachable: the page's own error says so
      }
      guard let self else { return }
      if let problem { await self.warn(problem) } else { self.loadPage() }
    }
  }

  private func loadPage() { webView.load(URLRequest(url: server.url)) }

  private func warn(_ text: String) async {
    let alert = UIAlertController(title: "Which server?", message: text, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Servers", style: .default) { [weak self] _ in self?.changeServer() })
    alert.addAction(UIAlertAction(title: "Continue", style: .cancel) { [weak self] _ in self?.loadPage() })
    present(alert, animated: true)
  }

  /// Shake the phone for the list of servers (a setting touched about once: no chrome for it).
  override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
    if motion == .motionShake { changeServer() }
  }
}

/// `WKUserContentController` keeps its handlers strongly; this keeps the controller weakly.
private final class WeakMessageHandler: NSObject, WKScriptMessageHandler {
  weak var target: WKScriptMessageHandler?
  init(_ target: WKScriptMessageHandler) { self.target = target }

  func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
    target?.userContentController(controller, didReceive: message)
  }
}
