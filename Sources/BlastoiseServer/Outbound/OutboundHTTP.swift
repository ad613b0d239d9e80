import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// The one HTTP client for what the server fetches itself (feeds now; chapters, artwork and
/// episode files go through it too). libcurl does the HTTP (redirects, gzip, TLS, timeouts); every
/// socket it opens comes from `OutboundTransfer`'s open-socket callback, which sees the address
/// about to be connected and refuses it unless `permits` (`OutboundAddressPolicy.permits`) says yes — so each
/// redirect hop and every DNS answer is checked as used, and a name that resolves to a public
/// address first and to 127.0.0.1 later (DNS rebinding) is still refused.
///
/// `curl_easy_perform` blocks: each fetch runs on a thread of its own (callers bound how many at
/// once: `PodcastRefresher` runs four), never on the Swift pool.
struct OutboundHTTP: Sendable {
  /// Whether a socket may be connected to this address.
  let permits: @Sendable (IPAddress) -> Bool
  /// Time to connect (per address tried).
  var connectTimeoutSeconds = 10
  /// The whole exchange, redirects included.
  var timeoutSeconds = 30
  static let maxRedirects = 5
  static let userAgent = "Blastoise/\(BlastoiseVersion.current)"

  func fetch(_ request: OutboundRequest) async throws(OutboundFailure) -> OutboundResponse {
    do {
      _ = try OutboundURLPolicy.check(request.url)
    } catch {
      throw OutboundFailure(.failed, error.message)
    }
    let settings = self
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<OutboundResponse, OutboundFailure>, Never>) in
      Thread.detachNewThread {
        continuation.resume(returning: OutboundTransfer(request: request, settings: settings).perform())
      }
    }
    return try result.get()
  }
}
