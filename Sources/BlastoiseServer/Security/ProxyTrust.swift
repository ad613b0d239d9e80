import BlastoiseHTTP
import Foundation

/// What the client's connection really was. Only behind a reverse proxy the operator runs
/// (`--trust-proxy`) are `X-Forwarded-Proto` and `X-Forwarded-For` believed.
struct ProxyTrust: Sendable {
  let trustProxy: Bool

  /// Whether the client reached us over HTTPS.
  func isSecure(_ request: HTTPRequest) -> Bool {
    trustProxy && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
  }

  /// The client's address, for rate limiting and logs.
  func clientAddress(_ request: HTTPRequest) -> String {
    if trustProxy, let forwarded = request.headers["X-Forwarded-For"]?.split(separator: ",").first {
      return forwarded.trimmingCharacters(in: .whitespaces)
    }
    return request.remoteAddress
  }
}
