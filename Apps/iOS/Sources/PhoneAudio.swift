import BlastoiseBridge
import BlastoiseClient
import Foundation

/// The phone's player (and photo backup) for the server in use, one for the app: the page drives
/// it while it shows (`WebViewController`), the lock screen and a car always (`NowPlayingCenter`,
/// `CarPlaySceneDelegate`). Everything it does is `BridgeHost`'s.
@MainActor
final class PhoneAudio {
  static let shared = PhoneAudio()

  private(set) var host: BridgeHost?
  private(set) var api: BlastoiseAPI?
  /// This phone's photo backup for that server.
  private(set) var backup: PhotoLibraryBackup?
  /// The server's cookies, copied from the web view (`CookieBridge`).
  let jar = CookieJar()
  /// Where the host's messages go: the page, while it shows.
  var toPage: (HostMessage) -> Void = { _ in }
  private var nowPlaying: NowPlayingCenter?
  private var origin: URL?

  /// A host for `origin` (again when the page moved to https); the last one writes its place and goes.
  func start(origin: URL) {
    guard origin != self.origin, let bridgeOrigin = BridgeOrigin(origin) else { return }
    let old = host
    Task { await old?.shutDown() }
    self.origin = origin
    let api = BlastoiseAPI(baseURL: origin, cookies: jar)
    let folder = URL.applicationSupportDirectory.appendingPathComponent("backup", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The same cookies; uploads on the background session.
    let uploads = BlastoiseAPI(baseURL: origin, cookies: jar, transport: BackgroundUploadTransport.shared)
    let backup = PhotoLibraryBackup(api: uploads, folder: folder)
    self.backup = backup
    let host = BridgeHost(origin: bridgeOrigin, output: AVPlayerOutput(), api: api, backup: backup) { message in
      Task { @MainActor in PhoneAudio.shared.toPage(message) }
    }
    self.api = api
    self.host = host
    nowPlaying = NowPlayingCenter(host: host, api: api)
    Task { await host.start() }
  }
}
