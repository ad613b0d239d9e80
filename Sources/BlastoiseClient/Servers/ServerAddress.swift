import Foundation

/// A server a phone knows, as the person typed it and as it answered (`docs/native-bridge.md`;
/// the iOS app's "Your servers"). `serverID` is the identity it answered with when it was kept:
/// an address that later answers with another is not trusted (`ServerIdentity.check`).
public struct ServerAddress: Codable, Sendable, Equatable, Identifiable {
  public var url: URL
  public var name: String
  public var serverID: String
  /// When it was last used (seconds since 1970): the list shows the latest first.
  public var lastUsed: Double

  public var id: String { url.absoluteString }

  public init(url: URL, name: String, serverID: String, lastUsed: Double) {
    self.url = url
    self.name = name
    self.serverID = serverID
    self.lastUsed = lastUsed
  }

  /// What a person typed, as the address to use: a bare host gets `https://`; plain `http://`
  /// only for this network (localhost, `*.local`, private and link-local addresses), which is
  /// all the app allows it for (`NSAllowsLocalNetworking`), so the mistake is said as it is typed.
  public static func parse(_ typed: String) throws(ServerAddressError) -> URL {
    let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw .empty }
    let withScheme = text.contains("://") ? text : "https://" + text
    guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
      let host = components.host?.lowercased(), !host.isEmpty, components.user == nil, components.password == nil
    else { throw .notAnAddress }
    guard scheme == "https" || scheme == "http" else { throw .scheme(scheme) }
    if scheme == "http", !isLocal(host) { throw .plainHTTPOffNetwork(host) }
    var clean = URLComponents()
    clean.scheme = scheme
    clean.host = host
    clean.port = components.port
    let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    clean.path = path
    guard let url = clean.url else { throw .notAnAddress }
    return url
  }

  /// The name a new server gets: its host (a custom name is set with `ServerList.rename`).
  public static func defaultName(for url: URL) -> String {
    let host = url.host ?? url.absoluteString
    return url.port.map { "\(host):\($0)" } ?? host
  }

  /// Hosts of this network: loopback, `localhost`, `*.local`, and the private, link-local and
  /// unique-local address ranges.
  static func isLocal(_ host: String) -> Bool {
    let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host.hasSuffix(".local") || host.hasSuffix(".localhost") { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    if parts.count == 4, parts.allSatisfy({ $0.map { (0...255).contains($0) } == true }) {
      let octets = parts.compactMap(\.self)
      switch (octets[0], octets[1]) {
      case (10, _), (127, _), (192, 168), (169, 254): return true
      case (172, let second): return (16...31).contains(second)
      default: return false
      }
    }
    guard host.contains(":") else { return false }
    let lower = host.lowercased()
    return lower == "::1" || lower.hasPrefix("fe80:") || lower.hasPrefix("fc") || lower.hasPrefix("fd")
  }
}

public enum ServerAddressError: Error, Sendable, Equatable, CustomStringConvertible {
  case empty
  case notAnAddress
  case scheme(String)
  case plainHTTPOffNetwork(String)

  public var description: String {
    switch self {
    case .empty: "Type the server's address"
    case .notAnAddress: "That is not a web address"
    case .scheme(let scheme): "\(scheme):// is not a web address; use https://"
    case .plainHTTPOffNetwork(let host): "Plain http:// is only for this network; \(host) needs https://"
    }
  }
}
