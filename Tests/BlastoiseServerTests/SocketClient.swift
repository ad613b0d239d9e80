import BlastoiseTestSupport
import BlastoiseWebSocket
import Foundation
import Synchronization

@testable import BlastoiseHTTP

/// A real WebSocket client for tests: POSIX socket, RFC 6455 frames from BlastoiseWebSocket,
/// the session cookie in the handshake (as native clients send it). It may offer extensions
/// (`Sec-WebSocket-Extensions`, as a browser does); when the server takes permessage-deflate it
/// inflates with the server's own inflater and counts what came compressed in `inflations`.
///
/// Its blocking socket calls run on its own dispatch queue, never on the Swift concurrency
/// pool: blocking that pool would starve the in-process server the test talks to.
final class SocketClient: @unchecked Sendable {
  static func connect(
    port: UInt16, path: String, cookie: String?, origin: String? = nil, extensions: String? = nil
  ) async throws -> SocketClient {
    try await offPool {
      try SocketClient(port: port, path: path, cookie: cookie, origin: origin, extensions: extensions)
    }
  }

  func send(json: [String: Any]) async throws {
    let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    try await Self.offPool { try self.send(text) }
  }

  func send(text: String) async throws { try await Self.offPool { try self.send(text) } }

  func message(timeout: TimeInterval = 60) async throws -> [String: Any]? {
    try await Self.offPool { try self.next(timeout: timeout) }
  }

  func message(timeout: TimeInterval = 60, where match: @escaping @Sendable ([String: Any]) -> Bool) async throws
    -> [String: Any]
  {
    try await Self.offPool { try self.next(where: match, timeout: timeout) }
  }

  func state(timeout: TimeInterval = 60, where match: @escaping @Sendable ([String: Any]) -> Bool = { _ in true })
    async throws -> [String: Any]
  {
    try await Self.offPool { try self.nextState(timeout: timeout, where: match) }
  }

  /// Leaves as a phone that lost its network does: the connection just ends (the descriptor is
  /// closed in deinit).
  func hangUp() { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }

  private static func offPool<T>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlastoiseServerTests.offPool(work)
  }

  private let descriptor: Int32
  private var reader = WebSocketReader(role: .client, maxMessageBytes: 16 << 20)
  private(set) var closeCode: WebSocketCloseCode?
  /// The server accepted permessage-deflate.
  private(set) var deflates = false
  let inflations = InflationCounter()
  /// When set, the client reads like a slow phone: about this many bytes, then a 100 ms rest.
  var throttleBytesPer100ms: Int?
  private var readSinceRest = 0

  private init(port: UInt16, path: String, cookie: String?, origin: String?, extensions: String?) throws {
    descriptor = try Loopback.connect(port: port, timeout: .seconds(60))
    var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    request += "Sec-WebSocket-Key: \(WebSocketHandshake.makeClientKey())\r\nSec-WebSocket-Version: 13\r\n"
    if let cookie { request += "Cookie: blastoise_session=\(cookie)\r\n" }
    if let origin { request += "Origin: \(origin)\r\n" }
    if let extensions { request += "Sec-WebSocket-Extensions: \(extensions)\r\n" }
    request += "\r\n"
    try write(Array(request.utf8))
    let head = try readHead()
    // No close() here: deinit runs for a failed init too, and closing twice would close
    // whatever socket a parallel test got with the same number.
    guard head.hasPrefix("HTTP/1.1 101") else { throw HandshakeRefused(head: head) }
    deflates = head.lowercased().contains("\r\nsec-websocket-extensions: permessage-deflate")
    if deflates {
      reader = WebSocketReader(role: .client, maxMessageBytes: 16 << 20, inflater: CountingInflater(count: inflations))
    }
  }

  deinit { close(descriptor) }

  struct HandshakeRefused: Error { let head: String }

  private func send(_ text: String) throws {
    try write(WebSocketFrameEncoder.text(text, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
  }

  /// The next text message as a JSON object (answers pings on the way); nil when closed.
  private func next(timeout: TimeInterval = 60) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let message = try reader.nextMessage() {
        switch message {
        case .text(let text):
          return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        case .ping(let payload):
          try write(WebSocketFrameEncoder.pong(payload, maskingKey: WebSocketFrameEncoder.randomMaskingKey()))
        case .close(let code, _):
          closeCode = code
          return nil
        default:
          continue
        }
        continue
      }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 { return nil }
      if count < 0 { continue }
      reader.feed(buffer[0..<count])
      if let throttle = throttleBytesPer100ms {
        readSinceRest += count
        if readSinceRest >= throttle {
          Thread.sleep(forTimeInterval: 0.1)
          readSinceRest = 0
        }
      }
    }
    throw ProcessFailure(message: "no message within \(timeout)s")
  }

  /// Reads messages until one matches; returns it.
  private func next(where match: ([String: Any]) -> Bool, timeout: TimeInterval = 60) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      guard let message = try next(timeout: deadline.timeIntervalSinceNow) else {
        throw ProcessFailure(message: "socket closed while waiting")
      }
      if match(message) { return message }
    }
    throw ProcessFailure(message: "no matching message within \(timeout)s")
  }

  /// The next room state (a message without `type`).
  private func nextState(timeout: TimeInterval, where match: ([String: Any]) -> Bool) throws -> [String: Any] {
    try next(where: { $0["type"] == nil && match($0) }, timeout: timeout)
  }

  private func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw ProcessFailure(message: "send failed") }
      offset += sent
    }
  }

  private func readHead() throws -> String {
    var head: [UInt8] = []
    var byte: UInt8 = 0
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard recv(descriptor, &byte, 1, 0) == 1 else { throw ProcessFailure(message: "handshake cut short") }
      head.append(byte)
    }
    return String(decoding: head, as: UTF8.self)
  }
}

/// What a client received compressed: messages, bytes on the wire, bytes once inflated.
final class InflationCounter: Sendable {
  struct Totals: Sendable {
    var messages = 0
    var compressedBytes = 0
    var inflatedBytes = 0
  }

  private let totals = Mutex(Totals())

  var current: Totals { totals.withLock { $0 } }

  func add(compressed: Int, inflated: Int) {
    totals.withLock {
      $0.messages += 1
      $0.compressedBytes += compressed
      $0.inflatedBytes += inflated
    }
  }
}

private struct CountingInflater: WebSocketMessageInflater {
  let count: InflationCounter

  func inflate(_ compressed: ArraySlice<UInt8>, limit: Int) throws(WebSocketProtocolError) -> [UInt8] {
    let bytes = try ZlibMessageInflater().inflate(compressed, limit: limit)
    count.add(compressed: compressed.count, inflated: bytes.count)
    return bytes
  }
}
