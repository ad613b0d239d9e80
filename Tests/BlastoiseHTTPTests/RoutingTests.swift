import BlastoiseHTTP
import Testing

private func routingRoutes(_ router: inout Router) {
  router.immediate(.get, "/tracks/:trackId") { request in
    .json(["trackId": request.pathParameter("trackId")])
  }
  router.immediate(.get, "/items/:id") { _ in .text("item") }
  router.immediate(.delete, "/items/:id") { _ in .text("deleted") }
  router.immediate(.get, "/search") { request in .json(request.query) }
  router.immediate(.get, "/files/*rest") { request in .json(["rest": request.pathParameter("rest")]) }
}

@Test func pathParametersArePercentDecodedPerSegment() async throws {
  try await withServer(routes: routingRoutes) { _, port in
    let colon = try await fetch(port: port, "/tracks/sha256%3Aabc")
    #expect(colon.status == 200)
    #expect(try colon.json([String: String].self) == ["trackId": "sha256:abc"])

    // An escaped slash stays inside its segment instead of making the path longer.
    let slash = try await fetch(port: port, "/tracks/a%2Fb")
    #expect(slash.status == 200)
    #expect(try slash.json([String: String].self) == ["trackId": "a/b"])

    let unicode = try await fetch(port: port, "/tracks/caf%C3%A9%20bar")
    #expect(try unicode.json([String: String].self) == ["trackId": "café bar"])

    // `+` is a space only in queries, not in paths.
    let plus = try await fetch(port: port, "/tracks/a+b")
    #expect(try plus.json([String: String].self) == ["trackId": "a+b"])

    let rest = try await fetch(port: port, "/files/a/b%2Fc/d")
    #expect(try rest.json([String: String].self) == ["rest": "a/b/c/d"])
  }
}

@Test func unknownPathAnswers404WithJSONError() async throws {
  try await withServer(routes: routingRoutes) { _, port in
    let socket = try TestSocket(port: port)
    let response = try await socket.request("/nowhere")
    #expect(response.status == 404)
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.errorMessage == "Not found")
    // A 404 does not cost the client its connection.
    #expect(!response.closesConnection)
    #expect(try await socket.request("/items/1").status == 200)
  }
}

@Test func wrongMethodAnswers405WithAllow() async throws {
  try await withServer(routes: routingRoutes) { _, port in
    let response = try await fetch(port: port, "PUT", "/items/7")
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, DELETE")
    #expect(response.errorMessage == "Method not allowed")

    let post = try await fetch(port: port, "POST", "/tracks/x")
    #expect(post.status == 405)
    #expect(post.header("Allow") == "GET")
  }
}

/// Like the server's web app: a catch-all `GET` registered after the API routes.
private func catchAllRoutes(_ router: inout Router) {
  router.immediate(.post, "/api/act") { _ in .text("acted") }
  router.immediate(.get, "/*path") { request in .text("file " + request.pathParameter("path")) }
}

@Test func catchAllDoesNotAnswerAPathWhoseRoutesTakeOtherMethods() async throws {
  try await withServer(routes: catchAllRoutes) { _, port in
    // Found by schemathesis: GET on a POST route was the web app's 404 (413 with a body).
    let get = try await fetch(port: port, "GET", "/api/act")
    #expect(get.status == 405)
    #expect(get.header("Allow") == "POST")
    #expect(try await fetch(port: port, "HEAD", "/api/act").status == 405)
    #expect(try await fetch(port: port, "GET", "/index.html").text == "file index.html")
    #expect(try await fetch(port: port, "POST", "/index.html").status == 404)
  }
}

@Test func headAnswersLikeGetWithoutBody() async throws {
  try await withServer(routes: routingRoutes) { _, port in
    let socket = try TestSocket(port: port)
    let get = try await socket.request("GET", "/tracks/abc")
    let head = try await socket.request("HEAD", "/tracks/abc")
    #expect(head.status == 200)
    #expect(head.header("Content-Type") == get.header("Content-Type"))
    #expect(head.header("Content-Length") == String(get.body.count))
    // Had the server sent a body after HEAD, it would be read here as the next status line.
    let after = try await socket.request("GET", "/items/1")
    #expect(after.status == 200)
    #expect(after.text == "item")
  }
}

@Test func queryParametersAreDecoded() async throws {
  try await withServer(routes: routingRoutes) { _, port in
    let response = try await fetch(port: port, "/search?q=hello+world&tag=rock%26roll&flag&q=second&e%3D=%3D")
    #expect(response.status == 200)
    let query = try response.json([String: String].self)
    #expect(query == ["q": "hello world", "tag": "rock&roll", "flag": "", "e=": "="])
  }
}

@Test func rawNULInATargetIsRefusedLikeAnEscapedOne() {
  // Found by the request-target fuzzer: "//\0\u{4}" once decoded to a segment holding a NUL.
  #expect(throws: HTTPError.self) { try RequestTarget(parsing: "//\u{0}\u{4}") }
  #expect(throws: HTTPError.self) { try RequestTarget(parsing: "/a?x=\u{0}") }
}
