import Foundation

/// A slowloris client's request head: a request line and a header that never ends.
let endlessHead = Array(("GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "a", count: 4000)).utf8)

extension TestSocket {
  /// Sends `bytes` one at a time, `every` apart, until the server closes the connection (true) or
  /// `limit` has passed (false). Reads nothing, so an answer to the bytes is still there to read.
  func trickleBlocking(_ bytes: [UInt8], every interval: Duration, for limit: Duration) throws -> Bool {
    let deadline = ContinuousClock.now + limit
    for byte in bytes where ContinuousClock.now < deadline {
      do { try sendBlocking([byte]) } catch TestSocketError.system { return true }  // Reset by the server.
      Thread.sleep(forTimeInterval: interval / .seconds(1))
      if peerHasClosed { return true }
    }
    return false
  }

  /// Whether the server closed the connection (and sent nothing still unread), without waiting.
  var peerHasClosed: Bool {
    var byte: UInt8 = 0
    let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    return peeked == 0 || (peeked < 0 && errno == ECONNRESET)
  }
}

/// Many slowloris connections, each sent a byte of `endlessHead` every `interval` from a thread
/// of their own until `stop()`. A connection the server closed is left closed.
final class Tricklers: @unchecked Sendable {
  private let sockets: [TestSocket]
  private let stopped = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  init(count: Int, port: UInt16, every interval: Duration) throws {
    sockets = try (0..<count).map { _ in try TestSocket(port: port, timeout: .seconds(1)) }
    let nanoseconds = Int(interval / .nanoseconds(1))
    Thread { [sockets, stopped, finished] in
      var open = Array(sockets.indices)
      var sent = 0
      repeat {
        // A failed send (the server shut the connection) drops the socket from the round.
        open.removeAll { index in (try? sockets[index].sendBlocking([endlessHead[sent % endlessHead.count]])) == nil }
        sent += 1
      } while stopped.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut
      finished.signal()
    }.start()
  }

  func stop() {
    stopped.signal()
    finished.wait()
    for socket in sockets { socket.close() }
  }
}
