import Testing

@testable import BlastoiseHTTP

@Test func shutdownFinishesInFlightRequestsAndStopsAccepting() async throws {
  let started = Recorder<Int>()
  try await withServer(routes: { router in
    router.on(.get, "/slow") { _ in
      started.append(1)
      try await Task.sleep(for: .milliseconds(500))
      return .text("done")
    }
  }) { server, port in
    let socket = try TestSocket(port: port)
    try await socket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await started.wait { !$0.isEmpty })

    async let stopped: Void = server.shutdown(grace: .seconds(20))
    try await Task.sleep(for: .milliseconds(100))
    // A connection made now is refused or closed unanswered.
    #expect(throws: (any Error).self, "still answering new connections") {
      let late = try TestSocket(port: port)
      try late.sendBlocking(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
      _ = try late.readUntilBlocking(Array("\r\n".utf8))
    }
    let response = try await socket.readResponse()
    #expect(response.status == 200)
    #expect(response.text == "done")
    await stopped
  }
}

@Test func handlerOutlivingTheGracePeriodGets503AndDoesNotCrashTheServer() async throws {
  let started = Recorder<Int>()
  let release = Recorder<Int>()
  let finished = Recorder<Int>()
  try await withServer(routes: { router in
    router.on(.get, "/stuck") { _ in
      started.append(1)
      _ = await release.wait(timeout: .seconds(600)) { !$0.isEmpty }  // a hang guard: the test releases it
      finished.append(1)
      return .text("too late")
    }
  }) { server, port in
    let socket = try TestSocket(port: port)
    try await socket.send("GET /stuck HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await started.wait { !$0.isEmpty })

    // libmicrohttpd aborts the process when stopped with a suspended connection; the server
    // must answer for the handler instead.
    await server.shutdown(grace: .milliseconds(200))
    let response = try await socket.readResponse()
    #expect(response.status == 503)
    #expect(response.errorMessage == "Server shutting down")

    // The handler ends after the daemon is gone; its answer is dropped, not sent to a dead one.
    release.append(1)
    #expect(await finished.wait { !$0.isEmpty })
    try await Task.sleep(for: .milliseconds(100))
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
    #expect(await finished.wait { !$0.isEmpty })
    try await Task.sleep(for: .milliseconds(100))
    #expect(try await fetch(port: port, "/ok").status == 200)

    // The ended request no longer counts as running, so shutdown has nothing to wait for.
    #expect(server.inFlight.withLock { $0 } == 0, "the server still counts a request that had already ended")
    await server.shutdown()
  }
}
