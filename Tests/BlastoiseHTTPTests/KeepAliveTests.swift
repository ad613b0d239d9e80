import BlastoiseHTTP
import Testing

private func keepAliveRoutes(_ router: inout Router) {
  router.immediate(.get, "/fast") { _ in .text("fast") }
  router.on(.get, "/async") { _ in
    try await Task.sleep(for: .milliseconds(50))
    return .text("async")
  }
  router.on(.get, "/slow") { _ in
    try await Task.sleep(for: .milliseconds(1500))
    return .text("slow")
  }
}

@Test func requestsOnOneConnectionAreAllAnswered() async throws {
  try await withServer(routes: keepAliveRoutes) { _, port in
    let socket = try TestSocket(port: port)
    for target in ["/fast", "/async", "/fast", "/async"] {
      let response = try await socket.request(target)
      #expect(response.status == 200)
      #expect(response.text == String(target.dropFirst()))
      #expect(!response.closesConnection)
    }
  }
}

@Test func pipelinedRequestsAreAnsweredInOrder() async throws {
  try await withServer(routes: keepAliveRoutes) { _, port in
    let socket = try TestSocket(port: port)
    let request = { (target: String) in "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }
    try await socket.send(request("/async") + request("/fast"))
    let first = try await socket.readResponse()
    let second = try await socket.readResponse()
    #expect(first.text == "async")
    #expect(second.text == "fast")
  }
}

@Test func slowAsyncHandlerDoesNotBlockOtherRequests() async throws {
  try await withServer(routes: keepAliveRoutes) { _, port in
    let start = ContinuousClock.now
    let slowSocket = try TestSocket(port: port)
    try await slowSocket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    try await Task.sleep(for: .milliseconds(50))  // The slow handler is running.

    for _ in 0..<3 {
      let fast = try await fetch(port: port, "/fast")
      #expect(fast.status == 200)
      let async = try await fetch(port: port, "/async")
      #expect(async.status == 200)
    }
    // All answered while the slow one is still running.
    #expect(!slowSocket.hasDataWaiting)

    let slow = try await slowSocket.readResponse()
    #expect(slow.text == "slow")
    #expect(elapsed(since: start) >= .milliseconds(1500))
  }
}
