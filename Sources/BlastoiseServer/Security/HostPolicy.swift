import Foundation
import Synchronization

/// Which `Host` a request may name (DNS rebinding: a page on `evil.example` whose name the
/// attacker re-points at this server sends `Host: evil.example`, and its Origin matches too).
///
/// The host must be one of the server's own names — `localhost`, `127.0.0.1`, `[::1]`, the
/// listen address, the `--public-url` host — or, when listening on every address, any IP
/// literal (a page reached by address cannot be re-pointed by DNS). The port must be the listen
/// port or the public URL's.
final class HostPolicy: Sendable {
  private let names: Set<String>
  private let anyAddress: Bool
  private let publicPort: Int?
  /// The port the listener got (known only after start with `--port 0`).
  let listenPort = Atomic<Int>(0)

  init(listenHost: String, publicURL: String?) {
    var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
    anyAddress = listenHost == "0.0.0.0" || listenHost == "::"
    if !anyAddress { names.insert(listenHost.contains(":") ? "[\(listenHost.lowercased())]" : listenHost) }
    var publicPort: Int?
    if let publicURL, let url = URLComponents(string: publicURL), let host = url.host?.lowercased() {
      names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
      publicPort = url.port ?? (url.scheme == "https" ? 443 : 80)
    }
    self.names = names
    self.publicPort = publicPort
  }

  /// A request without `Host` (HTTP/1.0) names nothing a browser could have been tricked into.
  func allows(host header: String?) -> Bool {
    guard let header else { return true }
    guard let (name, port) = Self.split(header.lowercased()) else { return false }
    let allowedPorts = [listenPort.load(ordering: .relaxed), publicPort]
    // No port: the scheme's default, 80 or 443 (which of them, only a proxy in front knows).
    let portAllowed = port.map { allowedPorts.contains($0) } ?? allowedPorts.contains { $0 == 80 || $0 == 443 }
    return portAllowed && (names.contains(name) || (anyAddress && Self.isIPLiteral(name)))
  }

  /// `name[:port]` or `[v6][:port]`, with a trailing dot dropped from the name. A Host is
  /// visible ASCII (names travel as punycode): anything else, a NUL above all, is refused before
  /// C's `inet_pton` could read only the part up to it.
  private static func split(_ host: String) -> (String, Int?)? {
    guard host.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
    var name = Substring(host)
    var port: Int?
    if let close = host.lastIndex(of: "]") {
      let rest = host[host.index(after: close)...]
      name = host[...close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":"), let number = Self.port(rest.dropFirst()) else { return nil }
        port = number
      }
    } else if let colon = host.lastIndex(of: ":") {
      guard let number = Self.port(host[host.index(after: colon)...]) else { return nil }
      (name, port) = (host[..<colon], number)
    }
    if name.hasSuffix(".") { name = name.dropLast() }
    guard !name.isEmpty else { return nil }
    return (String(name), port)
  }

  /// Digits only: `Int` alone would also read "+3001", which no URL parser takes for a port.
  private static func port(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 5, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(text)
  }

  private static func isIPLiteral(_ name: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    if name.hasPrefix("["), name.hasSuffix("]") {
      return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &v6) == 1
    }
    return inet_pton(AF_INET, name, &v4) == 1
  }
}
