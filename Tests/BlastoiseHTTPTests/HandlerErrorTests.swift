import BlastoiseHTTP
import Testing

private struct DomainError: Error {}

private func failingRoutes(_ router: inout Router) {
  router.immediate(.get, "/teapot") { _ throws(HTTPError) in
    throw HTTPError(418, "I'm a teapot", headers: [("Retry-After", "5")])
  }
  router.on(.get, "/domain") { _ in throw DomainError() }
  router.on(.get, "/http") { _ in throw HTTPError(.conflict, "Taken") }
  router.on(.post, "/upload", body: .json(maxBytes: 1 << 20)) { _ in .text("stored") }
}

@Test func handlerErrorsBecomeJSONErrors() async throws {
  try await withServer(routes: failingRoutes) { _, port in
    let teapot = try await fetch(port: port, "/teapot")
    #expect(teapot.status == 418)
    #expect(teapot.errorMessage == "I'm a teapot")
    #expect(teapot.header("Retry-After") == "5")

    let http = try await fetch(port: port, "/http")
    #expect(http.status == 409)
    #expect(http.errorMessage == "Taken")

    // Errors the server does not know are 500s that reveal nothing.
    let domain = try await fetch(port: port, "/domain")
    #expect(domain.status == 500)
    #expect(domain.errorMessage == "Internal server error")
  }
}

@Test func applicationMapsItsOwnErrors() async throws {
  try await withServer(
    configure: { $0.errorResponse = { _ in .error(HTTPError(.serviceUnavailable, "Try later")) } },
    routes: failingRoutes
  ) { _, port in
    let domain = try await fetch(port: port, "/domain")
    #expect(domain.status == 503)
    #expect(domain.errorMessage == "Try later")
  }
}

@Test func preflightRefusesBeforeTheBodyIsRead() async throws {
  try await withServer(
    configure: {
      $0.preflight = { request, route throws(HTTPError) in
        if route.method.isMutating, let origin = request.headers["Origin"], origin != "http://127.0.0.1" {
          throw HTTPError(.forbidden, "Cross-origin request refused")
        }
      }
    },
    routes: failingRoutes
  ) { _, port in
    // Only the headers are sent: the refusal must not wait for the declared megabyte.
    let socket = try TestSocket(port: port, timeout: .seconds(120))
    let refused = try await socket.exchange(
      "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
        + "Content-Type: application/json\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n\r\n")
    #expect(refused.status == 403)
    #expect(refused.errorMessage == "Cross-origin request refused")

    let allowed = try await fetch(
      port: port, "POST", "/upload", headers: ["Origin: http://127.0.0.1", "Content-Type: application/json"],
      body: Array("{}".utf8))
    #expect(allowed.status == 200)
    #expect(allowed.text == "stored")
  }
}
