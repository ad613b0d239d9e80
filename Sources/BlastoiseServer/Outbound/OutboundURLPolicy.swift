import BlastoiseCore
import Foundation

/// The first gate for a URL the server is asked to fetch (to import, a feed to subscribe to),
/// before anything resolves or runs it: only `http`/`https` with a host; nothing yt-dlp could
/// read as an option (a leading `-`); no whitespace or control
/// characters (they split or smuggle arguments and headers); no user:password part.
enum OutboundURLPolicy {
  static let maxLength = 2048

  struct Checked: Sendable, Equatable {
    let url: String
    /// The host as written, without IPv6 brackets.
    let host: String
    let port: Int
  }

  static func check(_ raw: String?) throws(CoreError) -> Checked {
    guard let raw, !raw.isEmpty else { throw CoreError.invalid("Send the address in 'url'") }
    guard raw.utf8.count <= maxLength else { throw CoreError.invalid("That URL is too long") }
    guard !raw.hasPrefix("-") else { throw CoreError.invalid("A URL cannot start with '-'") }
    guard !raw.unicodeScalars.contains(where: isForbidden) else {
      throw CoreError.invalid("A URL cannot contain spaces or control characters")
    }
    guard let components = URLComponents(string: raw), let scheme = components.scheme?.lowercased() else {
      throw CoreError.invalid("That is not a URL")
    }
    guard scheme == "http" || scheme == "https" else {
      throw CoreError.invalid("Only http and https URLs can be fetched")
    }
    guard components.user == nil, components.password == nil else {
      throw CoreError.invalid("A URL with a user name or password cannot be fetched")
    }
    guard var host = components.percentEncodedHost, !host.isEmpty else {
      throw CoreError.invalid("That URL has no host")
    }
    // Escapes and IPv6 zones in a host only serve to make two readers disagree about it.
    guard !host.contains("%") else { throw CoreError.invalid("That URL's host is not valid") }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if let port = components.port, !(1...65535).contains(port) { throw CoreError.invalid("That URL's port is invalid") }
    return Checked(url: raw, host: host, port: components.port ?? (scheme == "https" ? 443 : 80))
  }

  /// Whitespace (any Unicode kind), C0/C1 controls and DEL.
  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar.properties.isWhitespace
  }
}
