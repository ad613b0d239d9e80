import BlastoiseWebSocket
import Testing

@testable import BlastoiseHTTP

/// Frames larger than the send queue's limit, sent with a coalescing key the way room states are
/// (a 10,000-entry queue makes a 2.5 MiB state against the 1 MiB limit): a client that reads,
/// however slowly, is kept and gets the newest; one that does not read is dropped; what the
/// server holds for either stays bounded.
struct WebSocketBacklogTests {
  /// Twice the default limit; the number leads so the client can tell frames apart.
  static func bigFrame(_ index: Int) -> EncodedFrame {
    .text("\(index) " + String(repeating: "x", count: 2 << 20))
  }

  @Test func slowReaderIsNeverDroppedAndGetsTheNewestFrame() async throws {
    let events = EchoEvents()
    // The stall and idle limits far off: on a loaded machine the reading client itself can wait
    // past the default 30 s for a core, and its pong waits behind the backlog it reads (a run
    // beside a build took 92 s and was dropped as silent at 60 s); this test is about a client
    // that reads, however slowly.
    let patient: (inout HTTPServer.Configuration) -> Void = {
      $0.webSocket.sendStallTimeout = .seconds(600)
      $0.webSocket.idleTimeout = .seconds(600)
    }
    try await withServer(configure: patient, routes: echoRoutes(events)) { _, port in
      let client = try await WebSocketTestClient.connect(port: port)
      client.throttleBytesPer100ms = 256 << 10
      let connection = try await events.connection()
      let frameBytes = Self.bigFrame(0).bytes.count
      var most = 0
      for index in 1...10 {
        connection.send(Self.bigFrame(index), coalescingKey: "state")
        most = max(most, connection.queuedByteCount)
      }
      connection.send(text: "end")  // ordered: after the newest frame, which nothing replaces now

      var received: [Int] = []
      while true {
        let message = try await client.nextMessage()
        guard case .text(let text) = message else {
          Issue.record("the reading client was dropped (\(String(describing: message)))")
          return
        }
        if text == "end" { break }
        received.append(Int(text.prefix { $0 != " " }) ?? -1)
      }
      #expect(received.last == 10)
      #expect(received == received.sorted() && Set(received).count == received.count)
      // The frame in flight and the newest one, at most.
      #expect(most <= 2 * frameBytes)
      #expect(connection.isOpen)
    }
  }

  @Test func clientThatNeverReadsIsDroppedAndItsQueueStaysBounded() async throws {
    let events = EchoEvents()
    try await withServer(configure: { $0.webSocket.sendStallTimeout = .seconds(1) }, routes: echoRoutes(events)) {
      _, port in
      let client = try await WebSocketTestClient.connect(port: port)  // and never reads
      let connection = try await events.connection()
      let frameBytes = Self.bigFrame(0).bytes.count
      var most = 0
      for index in 1...20 {
        connection.send(Self.bigFrame(index), coalescingKey: "state")
        most = max(most, connection.queuedByteCount)
      }
      // Kept whole, 20 frames would be 40 MiB.
      #expect(most <= 2 * frameBytes)
      // Nothing moves for the stall timeout: dropped, and what it held let go.
      #expect(await events.closeCode(of: connection, timeout: .seconds(60)) != nil)
      #expect(connection.queuedByteCount == 0)
      #expect(try await client.socket.waitForPeerClose(within: .seconds(60)))
    }
  }
}
