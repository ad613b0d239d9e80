import BlastoiseHTTP
import BlastoiseWebSocket
import Foundation
import Testing

@Test func clientThatDoesNotReadIsDisconnectedWithoutGrowingMemory() async throws {
  let events = EchoEvents()
  try await withServer(configure: { $0.webSocket.maxQueuedBytes = 256 * 1024 }, routes: echoRoutes(events)) {
    _, port in
    let slow = try await WebSocketTestClient.connect(port: port, receiveBufferBytes: 4096)
    let healthy = try await WebSocketTestClient.connect(port: port)
    let slowConnection = try await events.connection(0)

    let before = residentSetBytes()
    // 4,000 distinct 16 KiB messages: 64 MiB if the server queued them all. (Off the concurrency
    // pool: this much work would hold up other tests' async handlers.)
    try await offPool {
      for index in 0..<4000 {
        slowConnection.send(
          text: String(repeating: Character(Unicode.Scalar(UInt8(65 + index % 26))), count: 16 * 1024))
      }
    }
    let code = await events.closeCode(of: slowConnection)
    let after = residentSetBytes()

    #expect(code != nil, "the slow client was not disconnected")
    #expect(after - before < 24 << 20, "RSS grew by \((after - before) >> 20) MiB")
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
    let client = try await WebSocketTestClient.connect(port: port, receiveBufferBytes: 4096)
    let pings = 100_000
    // 13 MB of pings, 125-byte payloads carrying their index. A zero masking key keeps encoding cheap.
    try await offPool {
      var batch: [UInt8] = []
      for index in 0..<pings {
        var payload = Array(String(index).utf8)
        payload += [UInt8](repeating: UInt8(ascii: " "), count: 125 - payload.count)
        batch += WebSocketFrameEncoder.frame(.ping, payload: payload, maskingKey: (0, 0, 0, 0))
        if batch.count >= 1 << 20 || index == pings - 1 {
          try client.socket.sendBlocking(batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
    }
    // Only now does the client read: the pongs the server could not send were not all kept.
    var pongs = 0
    var last = ""
    while last != String(pings - 1) {
      guard case .pong(let payload) = try await client.nextMessage() else {
        Issue.record("expected pongs")
        return
      }
      pongs += 1
      last = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
    #expect(pongs < pings / 2, "\(pongs) pongs queued for \(pings) pings")
    try await client.sendText("still here")
    #expect(try await client.nextMessage() == .text("still here"))
  }
}
