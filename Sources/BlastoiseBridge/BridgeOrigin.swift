import Foundation

/// The one origin a host takes messages from: the server it was pointed at — scheme, host and
/// port, all three (anyone can get a name under a shared domain, so a matching host alone is not
/// enough). Also the only origin the session cookie goes to (`headers(for:session:)`).
public struct BridgeOrigin: Sendable, Equatable, CustomStringConvertible {
  public let scheme: String
  public let host: String
  public let port: Int

  /// From the server's address (`https://music.example.org`, `http://127.0.0.1:3001/…`); nil
  /// for anything that is not http(s) with a host.
  public init?(_ address: URL) {
    guard let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = address.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.scheme = scheme
    self.host = host
    port = address.port ?? (scheme == "https" ? 443 : 80)
  }

  /// A page's origin as a web view names it (`https://host[:port]`, no path); nil when it is not one.
  public init?(origin: String) {
    guard let url = URL(string: origin), url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
    else { return nil }
    self.init(url)
  }

  /// Whether a message from `origin` (the frame's, as the web view reports it) is the server's.
  public func accepts(origin: String) -> Bool { BridgeOrigin(origin: origin) == self }

  /// Whether `url` is on this origin.
  public func contains(_ url: URL) -> Bool { BridgeOrigin(url) == self && url.user == nil }

  /// What a request for `url` carries: the session's headers (its cookie) to this origin only,
  /// nothing to anyone else (a podcast's publisher).
  public func headers(for url: URL, session: [String: String]) -> [String: String] {
    contains(url) ? session : [:]
  }

  public var description: String {
    let defaultPort = scheme == "https" ? 443 : 80
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return port == defaultPort ? "\(scheme)://\(shownHost)" : "\(scheme)://\(shownHost):\(port)"
  }
}
