import BlastoiseHTTP
import Testing

private func keepAliveRoutes(_ router: inout Router) {
  router.immediate(.get, "/fast") { _ in .text("fast") }
  router.on(.get, "/async") { _ in
    try await Task.sleep(for: .milliseconds(50))
    return .text("async")
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
  // The slow handler runs until the test has seen the other requests answered (or a hang guard
  // of 300 s passes), so the test does not depend on how fast a busy machine is.
  let started = Recorder<Int>()
  let release = Recorder<Int>()
  try await withServer(routes: { router in
    keepAliveRoutes(&router)
    router.on(.get, "/slow") { _ in
      started.append(1)
      let released = await release.wait(timeout: .seconds(300)) { !$0.isEmpty }
      return .text(released ? "slow" : "never released")
    }
  }) { _, port in
    let slowSocket = try TestSocket(port: port, timeout: .seconds(360))
    try await slowSocket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await started.wait(timeout: .seconds(120)) { !$0.isEmpty })

    for _ in 0..<3 {
      let fast = try await fetch(port: port, "/fast")
      #expect(fast.status == 200)
      let async = try await fetch(port: port, "/async")
      #expect(async.status == 200)
    }
    // All answered while the slow one is still running.
    #expect(!slowSocket.hasDataWaiting)

    release.append(1)
    let slow = try await slowSocket.readResponse()
    #expect(slow.text == "slow")
  }
}
