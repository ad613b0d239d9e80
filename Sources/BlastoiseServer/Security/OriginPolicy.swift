/// Which browser origins may change state or open sockets (design §4).
///
/// A request without `Origin` comes from a native client or a same-origin navigation and is let
/// through (cookies are SameSite=Lax besides). A request with one must come from the origin it
/// was addressed to — scheme plus `Host` — or from an origin the operator allowed.
public struct OriginPolicy: Sendable {
  private let extraOrigins: Set<String>

  public init(allowedOrigins: [String]) {
    extraOrigins = Set(allowedOrigins.compactMap(Self.normalize))
  }

  public func allows(origin: String?, host: String?, secure: Bool) -> Bool {
    guard let origin else { return true }
    guard let normalized = Self.normalize(origin) else { return false }
    if extraOrigins.contains(normalized) { return true }
    guard let host, let own = Self.normalize((secure ? "https://" : "http://") + host) else { return false }
    return normalized == own
  }

  /// `scheme://host[:port]` in lower case with the default port dropped; nil when it is not an
  /// http(s) origin with a host (including the opaque origin `null`).
  public static func normalize(_ origin: String) -> String? {
    let lowered = origin.lowercased()
    let scheme: String
    let defaultPort: String
    if lowered.hasPrefix("http://") {
      (scheme, defaultPort) = ("http", "80")
    } else if lowered.hasPrefix("https://") {
      (scheme, defaultPort) = ("https", "443")
    } else {
      return nil
    }
    var authority = Substring(lowered.dropFirst(scheme.count + 3))
    if authority.hasSuffix("/") { authority = authority.dropLast() }
    guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"), !authority.contains(" ") else {
      return nil
    }
    if authority.hasSuffix(":" + defaultPort) { authority = authority.dropLast(defaultPort.count + 1) }
    // No host (`https://:443`): checked after the port is dropped, or it would normalize to `https://`.
    guard !authority.isEmpty, !authority.hasPrefix(":") else { return nil }
    return "\(scheme)://\(authority)"
  }
}
