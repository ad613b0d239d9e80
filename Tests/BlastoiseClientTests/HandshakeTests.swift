import BlastoiseWebSocket
import Foundation
import Synchronization
import Testing

@testable import BlastoiseClient

#if canImport(Glibc)
import Glibc
#endif

/// The POSIX client's handshake checks, against a scripted one-shot TCP server.
@Suite struct HandshakeTests {
  /// Listens on a loopback port, answers the first request with `reply`, then closes.
  static func oneShotServer(reply: String) throws -> UInt16 {
    try oneShotServer { _ in reply }
  }

  /// The same, with the answer made from the request's head.
  static func oneShotServer(reply: @escaping @Sendable (String) -> String) throws -> UInt16 {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && listen(listener, 1) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    guard bound else { throw TestFailure("cannot listen") }
    let thread = Thread {
      let connection = accept(listener, nil, nil)
      var request: [UInt8] = []
      var byte: UInt8 = 0
      while !request.suffix(4).elementsEqual([13, 10, 13, 10]), recv(connection, &byte, 1, 0) == 1 {
        request.append(byte)
      }
      let bytes = Array(reply(String(decoding: request, as: UTF8.self)).utf8)
      _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      close(connection)
      close(listener)
    }
    thread.start()
    return UInt16(bigEndian: address.sin_port)
  }

  @Test func aWrongAcceptKeyIsRefused() async throws {
    let port = try Self.oneShotServer(
      reply: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Accept: c2VjcmV0IGJ1dCB3cm9uZw==\r\n\r\n")
    await #expect(throws: BlastoiseClientError.handshakeRefused(status: 101, message: "wrong Sec-WebSocket-Accept")) {
      _ = try await POSIXWebSocketTransport().connect(
        to: URL(string: "ws://127.0.0.1:\(port)/api/channels/x/ws")!, headers: [:])
    }
  }

  /// A 101 with a correct accept key for the request's Sec-WebSocket-Key, and `extensions`.
  static func upgrade(_ request: String, extensions: String) -> String {
    let key =
      request.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
      .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
    return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptKey(forClientKey: key))\r\n"
      + "Sec-WebSocket-Extensions: \(extensions)\r\n\r\n"
  }

  @Test func anExtensionTheClientDidNotOfferIsRefused() async throws {
    let offered = Mutex("")
    let port = try Self.oneShotServer { request in
      offered.withLock { $0 = request }
      return Self.upgrade(request, extensions: "x-webkit-deflate-frame")
    }
    await #expect(
      throws: BlastoiseClientError.handshakeRefused(
        status: 101, message: "unexpected extension answer: x-webkit-deflate-frame")
    ) {
      _ = try await POSIXWebSocketTransport().connect(
        to: URL(string: "ws://127.0.0.1:\(port)/api/channels/x/ws")!, headers: [:])
    }
    #expect(offered.withLock { $0 }.contains("Sec-WebSocket-Extensions: permessage-deflate\r\n"))
  }

  @Test func aRefusalCarriesTheServersMessage() async throws {
    let body = #"{"error":"Sign in first"}"#
    let port = try Self.oneShotServer(
      reply: "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        + body)
    await #expect(throws: BlastoiseClientError.handshakeRefused(status: 401, message: "Sign in first")) {
      _ = try await POSIXWebSocketTransport().connect(
        to: URL(string: "ws://127.0.0.1:\(port)/api/channels/x/ws")!, headers: [:])
    }
  }

  @Test func nothingListeningIsATransportError() async throws {
    let port = try Self.oneShotServer(reply: "")  // closes after the request
    do {
      _ = try await POSIXWebSocketTransport().connect(to: URL(string: "ws://127.0.0.1:\(port)/")!, headers: [:])
      Issue.record("connected to a server that said nothing")
    } catch let error as BlastoiseClientError {
      guard case .transport = error else { return #expect(Bool(false), "\(error)") }
    }
  }
}
