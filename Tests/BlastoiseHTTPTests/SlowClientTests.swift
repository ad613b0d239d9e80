import BlastoiseHTTP
import BlastoiseTestSupport
import BlastoiseWebSocket
import Foundation
import Testing

/// The server runs in a child process of its own (`WebSocketFloodServer`), so that its resident
/// size is its own: in this process every other suite allocates at the same time.
@Test(.exclusive) func clientThatDoesNotReadIsDisconnectedWithoutGrowingMemory() async throws {
  let server = try TestChild(
    BlastoiseExecutable.builtExecutable("WebSocketFloodServer").path, [], environment: [:], keepInputOpen: true)
  defer { server.closeInput() }
  var port: UInt16?
  _ = await server.waitForOutput { text in
    port = text.split(separator: "\n").first.flatMap { $0.hasPrefix("port ") ? UInt16($0.dropFirst(5)) : nil }
    return port != nil
  }
  let listening = try #require(port, "the flood server did not start: \(server.errorText)")
  let slow = try await WebSocketTestClient.connect(port: listening)
  let healthy = try await WebSocketTestClient.connect(port: listening)

  let before = try #require(residentSetBytes(of: server.pid))
  // The server sends to the slow client until it gives up on it (see WebSocketFloodServer).
  let flood = try await fetch(port: listening, "POST", "/flood")
  let after = try #require(residentSetBytes(of: server.pid))
  let result = try flood.json([String: Int].self)

  #expect(flood.status == 200)
  #expect(result["closeCode"] != nil, "the slow client was not disconnected")
  #expect((result["sent"] ?? .max) < 16_000)
  // Unbounded queueing would be 256 MiB.
  #expect(after - before < 128 << 20, "RSS grew by \((after - before) >> 20) MiB")
  #expect(try await slow.socket.waitForPeerClose(within: .seconds(60)))

  // Everyone else is still served.
  try await healthy.sendText("still here")
  #expect(try await healthy.nextMessage() == .text("still here"))
  #expect(try await fetch(port: listening, "/ok").status == 200)
}

@Test(.exclusive) func pingFloodFromAClientThatDoesNotReadIsAnsweredBounded() async throws {
  let events = EchoEvents()
  // The client reads only after sending everything, which on a busy machine can take longer than
  // the default send stall timeout (here a hang guard) and than the keep-alive ping interval (a
  // server ping read among the pongs ended the count in a busy CI run).
  let configure: (inout HTTPServer.Configuration) -> Void = {
    $0.webSocket.sendStallTimeout = .seconds(600)
    $0.webSocket.pingInterval = .seconds(600)
  }
  try await withServer(configure: configure, routes: echoRoutes(events)) {
    _, port in
    let client = try await WebSocketTestClient.connect(port: port)
    // Enough pongs to overflow the kernel's socket buffers (Debian: up to 4 MiB for sending) at
    // least twice over.
    let pings = max(100_000, 3 * maximumSendBufferBytes() / 127)
    // 13 MB of pings, 125-byte payloads carrying their index, then a text marking the end. A zero
    // masking key keeps encoding cheap.
    try await offPool {
      var batch: [UInt8] = []
      for index in 0..<pings {
        var payload = Array(String(index).utf8)
        payload += [UInt8](repeating: UInt8(ascii: " "), count: 125 - payload.count)
        batch += WebSocketFrameEncoder.frame(.ping, payload: payload, maskingKey: (0, 0, 0, 0))
        if batch.count >= 1 << 20 {
          try client.socket.sendBlocking(batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
      try client.socket.sendBlocking(batch + WebSocketFrameEncoder.text("end", maskingKey: (0, 0, 0, 0)))
    }
    // Frames are handled in order: once "end" arrived, every ping has been answered or queued.
    #expect(await events.texts.wait(timeout: .seconds(120)) { $0 == ["end"] })

    // Only now does the client read: the pongs the server could not send were not all kept, but
    // the latest ping was answered.
    let (pongs, lastPong, next) = try await offPool { () -> (Int, String, WebSocketMessage?) in
      var pongs = 0
      var lastPong = ""
      while true {
        let message = try client.nextMessageBlocking()
        guard case .pong(let payload) = message else { return (pongs, lastPong, message) }
        pongs += 1
        lastPong = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      }
    }
    #expect(pongs < pings / 2, "\(pongs) pongs queued for \(pings) pings")
    #expect(lastPong == String(pings - 1))
    #expect(next == .text("end"))
  }
}

/// The most a TCP socket's send buffer grows to (`net.ipv4.tcp_wmem`).
private func maximumSendBufferBytes() -> Int {
  let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/tcp_wmem", encoding: .utf8)) ?? ""
  return text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) } ?? 4 << 20
}
