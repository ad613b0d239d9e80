import BlastoiseHTTP
import Testing

/// Every answer carries `X-Content-Type-Options: nosniff` exactly once, whoever made it: a
/// handler, one that set the header itself, the router's 404, a refusal before the body. (The
/// answer written early mid-body is checked with its flood in BodyTests.)
@Test func everyAnswerCarriesTheCommonHeadersOnce() async throws {
  try await withServer(routes: { router in
    router.immediate(.get, "/plain") { _ in .text("plain") }
    router.immediate(.get, "/own") { _ in
      var response = HTTPResponse.text("own")
      response.headers.set("X-Content-Type-Options", "nosniff")
      return response
    }
    router.immediate(.post, "/small", body: .json(maxBytes: 16)) { _ in .text("small") }
  }) { _, port in
    let tooLarge = [UInt8](repeating: 32, count: 64)
    let answers = [
      try await fetch(port: port, "/plain"), try await fetch(port: port, "/own"),
      try await fetch(port: port, "/nothing-here"),
      try await fetch(port: port, "POST", "/small", headers: ["Content-Type: application/json"], body: tooLarge),
    ]
    #expect(answers.map(\.status) == [200, 200, 404, 413])
    for answer in answers { #expect(answer.values("X-Content-Type-Options") == ["nosniff"], "\(answer.status)") }
  }
}
