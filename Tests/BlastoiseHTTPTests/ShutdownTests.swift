import BlastoiseHTTP
import Testing

@Test func shutdownFinishesInFlightRequestsAndStopsAccepting() async throws {
  try await withServer(routes: { router in
    router.on(.get, "/slow") { _ in
      try await Task.sleep(for: .milliseconds(500))
      return .text("done")
    }
  }) { server, port in
    let socket = try TestSocket(port: port)
    try await socket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    try await Task.sleep(for: .milliseconds(100))  // The handler is running.

    async let stopped: Void = server.shutdown(grace: .seconds(5))
    try await Task.sleep(for: .milliseconds(100))
    #expect(throws: (any Error).self, "still accepting connections") { try TestSocket(port: port) }
    let response = try await socket.readResponse()
    #expect(response.status == 200)
    #expect(response.text == "done")
    await stopped
  }
}

@Test func clientLeavingDuringAnAsyncHandlerDoesNotDelayShutdown() async throws {
  let finished = Recorder<Int>()
  try await withServer(routes: { router in
    router.on(.get, "/slow") { _ in
      try await Task.sleep(for: .milliseconds(200))
      finished.append(1)
      return .text("nobody is listening")
    }
    router.immediate(.get, "/ok") { _ in .text("ok") }
  }) { server, port in
    let socket = try TestSocket(port: port)
    try await socket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    try await Task.sleep(for: .milliseconds(50))
    socket.close()
    #expect(await finished.wait { $0.count == 1 })
    try await Task.sleep(for: .milliseconds(100))
    #expect(try await fetch(port: port, "/ok").status == 200)

    let start = ContinuousClock.now
    await server.shutdown(grace: .seconds(5))
    #expect(elapsed(since: start) < .milliseconds(2500), "shutdown waited for a request that had already ended")
  }
}
