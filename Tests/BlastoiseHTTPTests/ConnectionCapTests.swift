import BlastoiseHTTP
import Testing

@Test func connectionOverTheCapPerAddressIsRefusedWhileAnotherAddressIsServed() async throws {
  try await withServer(
    configure: {
      $0.connectionsPerAddress = 4
      // The held connections sit idle while the test goes on: on a busy machine that can take
      // longer than the default idle timeout, which would free a place early.
      $0.connectionTimeoutSeconds = 600
    },
    routes: { $0.immediate(.get, "/ok") { _ in .text("ok") } }
  ) { _, port in
    var held: [TestSocket] = []
    for _ in 0..<4 {
      let socket = try TestSocket(port: port, from: "127.0.0.1")
      #expect(try await socket.request("/ok").status == 200)  // Kept alive: still counted.
      held.append(socket)
    }
    // Accepted by the kernel, then closed by the server without a word.
    let over = try TestSocket(port: port, from: "127.0.0.1")
    try? await over.send("GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(try await over.readToEnd().isEmpty)

    let other = try TestSocket(port: port, from: "127.0.0.2")
    #expect(try await other.request("/ok").status == 200)

    // A place freed is a place again (once the server has seen the close).
    held.removeFirst().close()
    var served = false
    for _ in 0..<600 where !served {  // 60 s: a hang guard
      let again = try TestSocket(port: port, from: "127.0.0.1")
      served = (try? await again.request("/ok").status) == 200
      if !served { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(served)
  }
}
