import BlastoiseClient
import WebKit

/// The web view keeps its cookies apart from URLSession's: this copies the server's own (its
/// session above all) into the `CookieJar` the bridge's player and API calls use, and keeps it
/// in step as the page signs in and out. Other sites' cookies are never copied.
@MainActor
final class CookieBridge: NSObject, WKHTTPCookieStoreObserver {
  private let store: WKHTTPCookieStore
  private let host: String
  private let jar: CookieJar

  init(store: WKHTTPCookieStore, server: URL, jar: CookieJar) {
    self.store = store
    host = server.host?.lowercased() ?? ""
    self.jar = jar
    super.init()
    store.add(self)
    copy()
  }

  nonisolated func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
    Task { @MainActor in self.copy() }
  }

  private func copy() {
    store.getAllCookies { [host, jar] cookies in
      let mine = cookies.filter { cookie in
        let domain = cookie.domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return host == domain || (!cookie.domain.hasPrefix(".") ? false : host.hasSuffix("." + domain))
      }
      if mine.isEmpty {
        jar.removeAll()
      } else {
        jar.restore(cookieHeader: mine.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))
      }
    }
  }
}
