import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// `GET /api/status`, `GET /healthz` and `GET /api/openapi.json`: cheap answers, the constant
/// ones served on the HTTP thread. The status reads the switches an admin may have changed.
enum StatusRoutes {
  static func register(
    on router: inout Router, status: ServerStatus, policy: @escaping @Sendable () async throws -> InstancePolicy
  ) {
    router.on(.get, APIRoute.status.pattern) { _ in
      var now = status
      let policy = try await policy()
      (now.allowGuests, now.allowSignup) = (policy.allowGuests, policy.allowSignup)
      return .json(now)
    }
    let healthy = HTTPResponse.text("ok")
    router.immediate(.get, APIRoute.health.pattern) { _ in healthy }
    let openAPI = HTTPResponse.json(OpenAPIDocument.json)
    router.immediate(.get, APIRoute.openAPI.pattern) { _ in openAPI }
  }
}
