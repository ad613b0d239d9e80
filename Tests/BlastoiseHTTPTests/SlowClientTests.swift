import BlastoiseHTTP
import BlastoiseWebSocket
import Foundation
import Testing

@Test func clientThatDoesNotReadIsDisconnectedWithoutGrowingMemory() async throws {
  let events = EchoEvents()
  try await withServer(configure: { $0.webSocket.maxQueuedBytes = 256 * 1024 }, routes: echoRoutes(events)) {
    _, port in
    let slow = try await WebSocketTestClient.connect(port: port)
    let healthy = try await WebSocketTestClient.connect(port: port)
    let slowConnection = try await events.connection(0)

    let before = residentSetBytes()
    // Up to 16,000 distinct 16 KiB messages: 256 MiB if the server queued them all. The test stops
    // sending once the server gave up on the client. (Off the concurrency pool: this much work
    // would hold up other tests' async handlers.)
    let sent = try await offPool { () -> Int in
      for index in 0..<16_000 {
        if index % 100 == 0, !events.closed.all.isEmpty { return index }
        slowConnection.send(
          text: String(repeating: Character(Unicode.Scalar(UInt8(65 + index % 26))), count: 16 * 1024))
      }
      return 16_000
    }
    let after = residentSetBytes()
    let code = await events.closeCode(of: slowConnection)

    #expect(code != nil, "the slow client was not disconnected")
    #expect(sent < 16_000)
    // Generous, as other tests allocate in the same process; unbounded queueing would be 256 MiB.
    #expect(after - before < 128 << 20, "RSS grew by \((after - before) >> 20) MiB")
    #expect(try await slow.socket.waitForPeerClose(within: .seconds(3)))

    // Everyone else is still served.
    try await healthy.sendText("still here")
    #expect(try await healthy.nextMessage() == .text("still here"))
    #expect(try await fetch(port: port, "/ok").status == 200)
  }
}

@Test func pingFloodFromAClientThatDoesNotReadIsAnsweredBounded() async throws {
  let events = EchoEvents()
  try await withServer(routes: echoRoutes(events)) { _, port in
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
    #expect(await events.texts.wait(timeout: .seconds(10)) { $0 == ["end"] })

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
