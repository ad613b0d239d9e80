import BlastoiseCore
import BlastoiseHTTP
import Foundation

/// What the client's connection really was. `X-Forwarded-Proto` and `X-Forwarded-For` are
/// believed only from a trusted reverse proxy (`--trusted-proxy`, `--trust-proxy`).
struct ProxyTrust: Sendable {
  let proxies: TrustedProxies

  init(trusting ranges: [AddressRange]) {
    proxies = TrustedProxies(ranges: ranges)
  }

  /// Whether the client reached us over HTTPS: the scheme the nearest proxy reports.
  func isSecure(_ request: HTTPRequest) -> Bool {
    guard proxies.trusts(peer: request.remoteAddress) else { return false }
    let reported = request.headers.values("X-Forwarded-Proto").last?.split(separator: ",").last
    return reported?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
  }

  /// The client's address, for logs, and the key limits count it by (an IPv6 client's /64).
  func client(_ request: HTTPRequest) -> ClientAddress {
    let address = proxies.clientAddress(
      peer: request.remoteAddress, forwardedFor: request.headers.values("X-Forwarded-For"))
    return ClientAddress(address: address, limitKey: IPAddress(address)?.limitKey ?? address)
  }

  /// Whether a person on this machine sent the request (the first account needs that, or the
  /// setup code): the peer is loopback, and it is not a proxy passing someone else's request on —
  /// neither a trusted one nor an untrusted one that says so in a forwarding header. A same-host
  /// nginx or tunnel connects from loopback too, for everyone on the internet.
  func isFromThisMachine(_ request: HTTPRequest) -> Bool {
    guard LoopbackAddress.contains(request.remoteAddress), !proxies.trusts(peer: request.remoteAddress) else {
      return false
    }
    let forwarding = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"]
    return !request.headers.contains { forwarding.contains($0.name.lowercased()) }
  }
}
