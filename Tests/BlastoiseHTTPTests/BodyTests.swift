import BlastoiseHTTP
import Foundation
import Testing

private struct Payload: Codable, Sendable {
  var name: String
  var count: Int
}

private func bodyRoutes(_ router: inout Router) {
  router.immediate(.post, "/echo", body: .json(maxBytes: 256 * 1024)) { request in
    .jsonBytes(Data(request.body))
  }
  router.immediate(.post, "/small", body: .json(maxBytes: 1024)) { request in .text("\(request.body.count)") }
  router.on(.post, "/decode", body: .json(maxBytes: 4096)) { request in
    let payload = try request.decodeJSON(Payload.self)
    return .json(payload)
  }
  router.immediate(.post, "/nobody") { _ in .text("ok") }
}

private let jsonType = "Content-Type: application/json"

@Test func jsonBodyIsDeliveredIntact() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let filler = String(decoding: patternBytes(count: 200 * 1024).map { UInt8(ascii: "a") + $0 % 26 }, as: UTF8.self)
    let body = Array("{\"data\":\"\(filler)\"}".utf8)
    let response = try await fetch(port: port, "POST", "/echo", headers: [jsonType], body: body)
    #expect(response.status == 200)
    expectBytes(response.body, body)

    // `; charset` parameters do not matter.
    let small = try await fetch(
      port: port, "POST", "/small", headers: ["Content-Type: Application/JSON; charset=utf-8"], body: Array("{}".utf8))
    #expect(small.status == 200)
    #expect(small.text == "2")
  }
}

@Test func declaredLengthOverTheCapIs413BeforeTheBodyIsSent() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let socket = try TestSocket(port: port, timeout: .seconds(120))
    // Only the headers go out and the client waits: the answer must not wait for the megabyte.
    let response = try await socket.exchange(
      "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\(jsonType)\r\nContent-Length: 1000000\r\n"
        + "Expect: 100-continue\r\n\r\n")
    #expect(response.status == 413)
    #expect(response.errorMessage == "Body larger than 1024 bytes")
    #expect(try await socket.waitForPeerClose(within: .seconds(120)))
  }
}

@Test func chunkedBodyGrowingOverTheCapIs413() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let chunk = Array("400\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1024) + Array("\r\n".utf8)
    let end = Array("0\r\n\r\n".utf8)
    let head = "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\(jsonType)\r\nTransfer-Encoding: chunked\r\n\r\n"

    // 2 KiB against a 1 KiB cap: the server can only answer once the body is in (libmicrohttpd
    // queues no response mid-body), then the connection stays usable.
    let socket = try TestSocket(port: port, timeout: .seconds(120))
    let response = try await socket.exchange(head, body: chunk + chunk + end)
    #expect(response.status == 413)
    #expect(response.errorMessage == "Body larger than 1024 bytes")
    let next = try await socket.exchange(head, body: Array("2\r\n{}\r\n".utf8) + end)
    #expect(next.status == 200)
    #expect(next.text == "2")

    // A client that keeps sending long after the cap gets its 413 early and is cut off rather than
    // drained forever.
    let flood = try TestSocket(port: port, timeout: .seconds(120))
    let big = Array("100000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20) + Array("\r\n".utf8)
    let floodStatus = try await offPool { () -> Int? in
      try? flood.sendBlocking(Array(head.utf8))
      for _ in 0..<4 { try? flood.sendBlocking(big) }
      return try? flood.readResponseBlocking().status
    }
    #expect(floodStatus == 413)
    #expect(try await flood.waitForPeerClose(within: .seconds(120)))

    // Under the cap, chunked bodies are fine.
    let small = Array("100\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 256) + Array("\r\n".utf8)
    let accepted = try await TestSocket(port: port).exchange(head, body: small + small + end)
    #expect(accepted.status == 200)
    #expect(accepted.text == "512")
  }
}

@Test func wrongContentTypeIs415() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let plain = try await fetch(
      port: port, "POST", "/small", headers: ["Content-Type: text/plain"], body: Array("{}".utf8))
    #expect(plain.status == 415)
    #expect(plain.errorMessage?.contains("application/json") == true)
    let missing = try await fetch(port: port, "POST", "/small", body: Array("{}".utf8))
    #expect(missing.status == 415)
  }
}

@Test func malformedJSONIs400WithAMessage() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let response = try await fetch(port: port, "POST", "/decode", headers: [jsonType], body: Array("{\"name\": ".utf8))
    #expect(response.status == 400)
    #expect(response.errorMessage == "Malformed JSON body")

    let empty = try await fetch(port: port, "POST", "/decode", headers: [jsonType], body: [])
    #expect(empty.status == 400)
    #expect(empty.errorMessage == "A JSON body is required")
  }
}

@Test func missingOrMistypedFieldIs400NamingTheField() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let missing = try await fetch(
      port: port, "POST", "/decode", headers: [jsonType], body: Array(#"{"name":"a"}"#.utf8))
    #expect(missing.status == 400)
    #expect(missing.errorMessage == "Missing field 'count'")

    let mistyped = try await fetch(
      port: port, "POST", "/decode", headers: [jsonType], body: Array(#"{"name":"a","count":"3"}"#.utf8))
    #expect(mistyped.status == 400)
    #expect(mistyped.errorMessage == "Wrong type for 'count'")

    let valid = try await fetch(
      port: port, "POST", "/decode", headers: [jsonType], body: Array(#"{"name":"a","count":3}"#.utf8))
    #expect(valid.status == 200)
    #expect(try valid.json(Payload.self).count == 3)
  }
}

@Test func routeWithoutBodyPolicyRefusesABody() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    let refused = try await fetch(port: port, "POST", "/nobody", headers: [jsonType], body: Array("{}".utf8))
    #expect(refused.status == 413)
    #expect(refused.errorMessage == "This request takes no body")

    let accepted = try await fetch(port: port, "POST", "/nobody")
    #expect(accepted.status == 200)
  }
}

@Test func aClientAlreadySendingASmallOverCapBodyStillGetsThe413() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    // No Expect header: the client sends its 2 KiB straight away and then reads. The server
    // drains it and answers, instead of resetting a connection the client is still writing to.
    let socket = try TestSocket(port: port, timeout: .seconds(120))
    let response = try await socket.exchange(
      "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\(jsonType)\r\nContent-Length: 2048\r\n\r\n",
      body: [UInt8](repeating: UInt8(ascii: " "), count: 2048))
    #expect(response.status == 413)
    #expect(response.errorMessage == "Body larger than 1024 bytes")
  }
}

@Test func aChunkedBodyFarOverTheCapStillGetsItsAnswerBeforeTheClose() async throws {
  try await withServer(routes: bodyRoutes) { _, port in
    // Two mebibytes past the 1 KiB cap, sent without reading: more than the server drains, so it
    // answers early instead of after the body, then closes.
    let head = "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\(jsonType)\r\nTransfer-Encoding: chunked\r\n\r\n"
    let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1 << 16) + Array("\r\n".utf8)
    let socket = try TestSocket(port: port, timeout: .seconds(60))
    let response = try await offPool { () -> RawResponse in
      try socket.sendBlocking(
        Array(head.utf8) + Array("400\r\n".utf8) + [UInt8](repeating: 32, count: 1024) + [13, 10])
      // The server may stop reading and close while we still send; the answer is what counts.
      for _ in 0..<32 { guard (try? socket.sendBlocking(chunk)) != nil else { break } }
      try? socket.sendBlocking(Array("0\r\n\r\n".utf8))
      return try socket.readResponseBlocking()
    }
    #expect(response.status == 413)
    #expect(response.errorMessage == "Body larger than 1024 bytes")
    #expect(response.closesConnection)
    // Written on the socket by `EarlyAnswer`, it carries the headers every answer carries.
    #expect(response.values("X-Content-Type-Options") == ["nosniff"])
    #expect(try await socket.waitForPeerClose(within: .seconds(120)))
  }
}
