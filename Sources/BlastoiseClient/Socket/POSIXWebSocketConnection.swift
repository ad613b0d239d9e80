import BlastoiseWebSocket
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client WebSocket on a POSIX socket. `open` runs the handshake; `readLoop` then owns the
/// calling thread until the connection ends. The descriptor is closed only by the read loop,
/// under the lock, so a write can never hit a descriptor number reused by someone else.
final class POSIXWebSocketConnection: RoomSocketConnection, @unchecked Sendable {
  struct Endpoint: Sendable {
    var host: String
    var port: Int
    var target: String
    var headers: [String: String]
    var connectTimeout: Double
    var idleTimeout: Double
    var clock: MonotonicClock
  }

  private struct State {
    var descriptor: Int32
    var closeSent = false
    var closing = false
  }

  let messages: AsyncThrowingStream<ReceivedText, any Error>
  private let continuation: AsyncThrowingStream<ReceivedText, any Error>.Continuation
  private let state: Mutex<State>
  private let writes = DispatchQueue(label: "blastoise.socket.write")
  private let endpoint: Endpoint
  /// permessage-deflate was negotiated: the server's messages may come compressed.
  let deflates: Bool

  /// Largest message accepted (a full room state with a 10,000-track queue is a few MB).
  static let maxMessageBytes = 32 << 20

  private init(descriptor: Int32, endpoint: Endpoint, deflates: Bool) {
    state = Mutex(State(descriptor: descriptor))
    self.endpoint = endpoint
    self.deflates = deflates
    (messages, continuation) = AsyncThrowingStream.makeStream(of: ReceivedText.self, throwing: (any Error).self)
  }

  /// Connects and shakes hands; answers the connection and any bytes read past the handshake.
  static func open(_ endpoint: Endpoint) throws(BlastoiseClientError) -> (POSIXWebSocketConnection, [UInt8]) {
    let descriptor = try POSIXSocket.connect(host: endpoint.host, port: endpoint.port, timeout: endpoint.connectTimeout)
    do {
      let (leftover, deflates) = try handshake(descriptor, endpoint)
      return (POSIXWebSocketConnection(descriptor: descriptor, endpoint: endpoint, deflates: deflates), leftover)
    } catch {
      POSIXSocket.closeDescriptor(descriptor)
      throw error
    }
  }

  /// Answers the bytes read past the head and whether permessage-deflate was agreed (offered
  /// always: a room state with a long queue shrinks to a fifth).
  private static func handshake(_ descriptor: Int32, _ endpoint: Endpoint) throws(BlastoiseClientError) -> (
    [UInt8], Bool
  ) {
    let key = WebSocketHandshake.makeClientKey()
    let hostHeader =
      (endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host)
      + (endpoint.port == 80 ? "" : ":\(endpoint.port)")
    var request = "GET \(endpoint.target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\n"
    request += "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
    request += "Sec-WebSocket-Extensions: \(PerMessageDeflateNegotiation.clientOffer)\r\n"
    for (name, value) in endpoint.headers.sorted(by: { $0.key < $1.key })
    where !name.contains("\r") && !name.contains("\n") && !value.contains("\r") && !value.contains("\n") {
      request += "\(name): \(value)\r\n"
    }
    request += "\r\n"
    POSIXSocket.setTimeout(descriptor, SO_RCVTIMEO, seconds: endpoint.connectTimeout)
    try POSIXSocket.sendAll(descriptor, Array(request.utf8))
    var response = try HandshakeResponse.read(from: descriptor)
    guard response.status == 101 else {
      response.readBody(from: descriptor)
      throw .handshakeRefused(
        status: response.status,
        message: BlastoiseClientError.serverMessage(in: Data(response.body), status: response.status))
    }
    guard response.header("upgrade")?.lowercased() == "websocket" else {
      throw .handshakeRefused(status: 101, message: "the server did not upgrade to websocket")
    }
    guard response.header("sec-websocket-accept") == WebSocketHandshake.acceptKey(forClientKey: key) else {
      throw .handshakeRefused(status: 101, message: "wrong Sec-WebSocket-Accept")
    }
    do {
      let deflates = try PerMessageDeflateNegotiation.clientAccepts(
        response: response.header("sec-websocket-extensions"))
      return (response.body, deflates)
    } catch {
      throw .handshakeRefused(status: 101, message: error.reason)
    }
  }

  // MARK: Reading (the connection's own thread)

  func readLoop(leftover: [UInt8]) {
    var reader = WebSocketReader(
      role: .client, maxMessageBytes: Self.maxMessageBytes, inflater: deflates ? ZlibMessageInflater() : nil)
    reader.feed(leftover)
    let descriptor = state.withLock { $0.descriptor }
    // Wake up now and then to notice a dead peer; the server pings after 20 s of silence.
    POSIXSocket.setTimeout(descriptor, SO_RCVTIMEO, seconds: 1)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var lastHeard = endpoint.clock.now()
    var failure: (any Error)?
    reading: while true {
      do {
        while let message = try reader.nextMessage() {
          guard handle(message, receivedAt: lastHeard) else { break reading }
        }
      } catch {
        try? write(WebSocketFrameEncoder.close(code: error.closeCode, maskingKey: Self.mask()))
        failure = BlastoiseClientError.socket(error.description)
        break
      }
      let count = POSIXSocket.receive(descriptor, into: &buffer)
      if count > 0 {
        lastHeard = endpoint.clock.now()
        reader.feed(buffer[0..<count])
        continue
      }
      if count == 0 { break }
      let code = errno
      if state.withLock({ $0.closing }) { break }
      if code == EAGAIN || code == EWOULDBLOCK || code == EINTR {
        if endpoint.clock.now() - lastHeard > endpoint.idleTimeout {
          failure = BlastoiseClientError.socket("no data for \(Int(endpoint.idleTimeout)) s")
          break
        }
        continue
      }
      failure = BlastoiseClientError.socket("receive failed: \(String(cString: strerror(code)))")
      break
    }
    state.withLock { state in
      POSIXSocket.closeDescriptor(state.descriptor)
      state.descriptor = -1
    }
    if let failure { continuation.finish(throwing: failure) } else { continuation.finish() }
  }

  /// Handles one message; false when the connection is over.
  private func handle(_ message: WebSocketMessage, receivedAt: Double) -> Bool {
    switch message {
    case .text(let text):
      continuation.yield(ReceivedText(text: text, receivedAt: receivedAt))
    case .ping(let payload):
      try? write(WebSocketFrameEncoder.pong(payload, maskingKey: Self.mask()))
    case .close(let code, _):
      let alreadySent = state.withLock { state in
        defer { state.closeSent = true }
        return state.closeSent
      }
      if !alreadySent { try? write(WebSocketFrameEncoder.close(code: code ?? .normal, maskingKey: Self.mask())) }
      return false
    case .binary, .pong:
      break
    }
    return true
  }

  // MARK: Writing

  func send(_ text: String) async throws {
    try await send(stampedWith: endpoint.clock) { _ in text }
  }

  func send(stampedWith clock: MonotonicClock, _ make: @escaping @Sendable (Double) -> String) async throws {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
      writes.async {
        do {
          try self.write(WebSocketFrameEncoder.text(make(clock.now()), maskingKey: Self.mask()))
          done.resume()
        } catch {
          done.resume(throwing: error)
        }
      }
    }
  }

  func close() {
    writes.async {
      let sendClose = self.state.withLock { state in
        defer {
          state.closeSent = true
          state.closing = true
        }
        return !state.closeSent && state.descriptor >= 0
      }
      if sendClose { try? self.write(WebSocketFrameEncoder.close(code: .normal, maskingKey: Self.mask())) }
      self.state.withLock { state in
        if state.descriptor >= 0 { POSIXSocket.shutdownBoth(state.descriptor) }
      }
    }
  }

  private func write(_ frame: [UInt8]) throws(BlastoiseClientError) {
    try state.withLock { state throws(BlastoiseClientError) in
      guard state.descriptor >= 0 else { throw .socket("the connection is closed") }
      try POSIXSocket.sendAll(state.descriptor, frame)
    }
  }

  private static func mask() -> WebSocketMaskingKey { WebSocketFrameEncoder.randomMaskingKey() }
}
