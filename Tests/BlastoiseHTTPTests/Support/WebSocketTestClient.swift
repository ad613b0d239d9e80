import BlastoiseWebSocket
import Foundation

@testable import BlastoiseHTTP

/// A minimal RFC 6455 client over `TestSocket`, built on the shared framing code: it masks what it
/// sends and parses what the server sends with a client-role reader. Given `extensions`, it offers
/// them; when the server accepts permessage-deflate, it inflates compressed messages and records
/// each one's size in `inflated`.
final class WebSocketTestClient: @unchecked Sendable {
  let socket: TestSocket
  let handshake: RawResponse
  let inflated = Recorder<RecordingInflater.Inflation>()
  private var reader: WebSocketReader

  private init(socket: TestSocket, handshake: RawResponse) {
    self.socket = socket
    self.handshake = handshake
    let deflate = handshake.header("Sec-WebSocket-Extensions")?.hasPrefix("permessage-deflate") == true
    reader = WebSocketReader(
      role: .client, maxMessageBytes: 64 << 20, inflater: deflate ? RecordingInflater(record: inflated) : nil)
    reader.feed(socket.takePending())  // Frames that arrived together with the 101.
  }

  /// Opens a WebSocket; throws unless the server answers 101.
  static func connect(
    port: UInt16, path: String = "/ws", key: String = WebSocketHandshake.makeClientKey(), extensions: String? = nil
  ) async throws -> WebSocketTestClient {
    try await offPool { try connectBlocking(port: port, path: path, key: key, extensions: extensions) }
  }

  static func connectBlocking(
    port: UInt16, path: String = "/ws", key: String = WebSocketHandshake.makeClientKey(), extensions: String? = nil
  ) throws -> WebSocketTestClient {
    let socket = try TestSocket(port: port)
    try socket.sendBlocking(Array(upgradeRequest(path: path, key: key, extensions: extensions).utf8))
    let response = try socket.readResponseBlocking()
    guard response.status == 101 else {
      throw TestSocketError.malformed("expected 101, got \(response.status) \(response.text)")
    }
    return WebSocketTestClient(socket: socket, handshake: response)
  }

  static func upgradeRequest(path: String, key: String?, version: String = "13", extensions: String? = nil) -> String {
    var lines = [
      "GET \(path) HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
      "Sec-WebSocket-Version: \(version)",
    ]
    if let key { lines.append("Sec-WebSocket-Key: \(key)") }
    if let extensions { lines.append("Sec-WebSocket-Extensions: \(extensions)") }
    return lines.joined(separator: "\r\n") + "\r\n\r\n"
  }

  func sendText(_ text: String) async throws {
    try await socket.send(WebSocketFrameEncoder.text(text, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
  }

  func sendFrame(
    _ opcode: WebSocketOpcode, payload: [UInt8], fin: Bool = true, compressed: Bool = false,
    masked: Bool = true
  ) async throws {
    let key = masked ? WebSocketFrameEncoder.randomMaskingKey() : nil
    try await socket.send(
      WebSocketFrameEncoder.frame(opcode, payload: payload, fin: fin, compressed: compressed, maskingKey: key))
  }

  func sendClose(_ code: WebSocketCloseCode = .normal) async throws {
    try await socket.send(WebSocketFrameEncoder.close(code: code, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
  }

  /// When set, the client reads like a slow phone: about this many bytes, then a 100 ms rest.
  var throttleBytesPer100ms: Int?
  private var readSinceRest = 0

  func nextMessageBlocking() throws -> WebSocketMessage? {
    while true {
      if let message = try reader.nextMessage() { return message }
      guard try socket.fillBlocking() else { return nil }
      let received = socket.takePending()
      reader.feed(received)
      if let throttle = throttleBytesPer100ms {
        readSinceRest += received.count
        if readSinceRest >= throttle {
          Thread.sleep(forTimeInterval: 0.1)
          readSinceRest = 0
        }
      }
    }
  }

  /// The next message from the server other than a keep-alive ping, which is answered with a
  /// pong as a browser would (a test that runs long on a busy machine gets the server's pings);
  /// nil once the server closed the TCP connection.
  func nextMessage() async throws -> WebSocketMessage? {
    try await offPool { try self.nextMessageAnsweringPingsBlocking() }
  }

  func nextMessageAnsweringPingsBlocking() throws -> WebSocketMessage? {
    while true {
      let message = try nextMessageBlocking()
      guard case .ping(let payload) = message else { return message }
      try? socket.sendBlocking(
        WebSocketFrameEncoder.pong(payload, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
    }
  }

  /// Reads until the server's close frame, answers it, and waits for the end of the stream.
  func readUntilClose() async throws -> CloseOutcome {
    try await offPool {
      var outcome = CloseOutcome()
      while let message = try self.nextMessageAnsweringPingsBlocking() {
        if case .close(let code, _) = message {
          outcome.receivedCloseFrame = true
          outcome.code = code
          // Answer as a well-behaved client does; the server may already have hung up.
          try? self.socket.sendBlocking(
            WebSocketFrameEncoder.close(code: code ?? .normal, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
          outcome.streamEnded = try self.socket.waitForPeerCloseBlocking(within: .seconds(60))
          return outcome
        }
        outcome.messagesBefore.append(message)
      }
      outcome.streamEnded = true
      return outcome
    }
  }

  struct CloseOutcome: Sendable {
    var messagesBefore: [WebSocketMessage] = []
    var receivedCloseFrame = false
    /// The code of the server's close frame; nil when there was none (or it had no code).
    var code: WebSocketCloseCode?
    var streamEnded = false
  }
}

/// The server's own inflater, recording how large each compressed message was on the wire and
/// once inflated (so a test can tell a message came compressed).
struct RecordingInflater: WebSocketMessageInflater {
  struct Inflation: Sendable {
    var compressed: Int
    var inflated: Int
  }

  let record: Recorder<Inflation>

  func inflate(_ compressed: ArraySlice<UInt8>, limit: Int) throws(WebSocketProtocolError) -> [UInt8] {
    let bytes = try ZlibMessageInflater().inflate(compressed, limit: limit)
    record.append(Inflation(compressed: compressed.count, inflated: bytes.count))
    return bytes
  }
}
