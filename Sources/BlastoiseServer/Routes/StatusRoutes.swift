import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// `GET /api/status`, `GET /healthz` and `GET /api/openapi.json`: cheap, constant answers served
/// on the HTTP thread.
enum StatusRoutes {
  static func register(on router: inout Router, status: ServerStatus) {
    let statusResponse = HTTPResponse.json(status)
    router.immediate(.get, APIRoute.status.pattern) { _ in statusResponse }
    let healthy = HTTPResponse.text("ok")
    router.immediate(.get, APIRoute.health.pattern) { _ in healthy }
    let openAPI = HTTPResponse.json(OpenAPIDocument.json)
    router.immediate(.get, APIRoute.openAPI.pattern) { _ in openAPI }
  }
}
