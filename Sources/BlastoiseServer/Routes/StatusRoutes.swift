import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// `GET /api/status`, `GET /healthz` and `GET /api/openapi.json`: cheap, constant answers served
/// on the HTTP thread.
enum StatusRoutes {
  static func register(on router: inout Router, status: ServerStatus) {
    let statusResponse = HTTPResponse.json(status)
    router.immediate(.get, "/api/status") { _ in statusResponse }
    let healthy = HTTPResponse.text("ok")
    router.immediate(.get, "/healthz") { _ in healthy }
    let openAPI = HTTPResponse.json(OpenAPIDocument.json)
    router.immediate(.get, "/api/openapi.json") { _ in openAPI }
  }
}
