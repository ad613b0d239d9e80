import BlastoiseWebSocket
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket client on plain POSIX sockets and the shared RFC 6455 code (client role, masked
/// frames, Sec-WebSocket-Accept checked): URLSessionWebSocketTask does not work on Linux.
///
/// Each connection owns one thread that connects, shakes hands and then blocks reading; writes
/// go through a serial dispatch queue. Nothing here ever blocks the Swift concurrency pool.
/// Plain `ws://` only (no TLS).
public struct POSIXWebSocketTransport: RoomSocketTransport {
  public var connectTimeout: Double
  /// A connection that hears nothing (not even the server's pings, sent after 20 s of silence)
  /// for this long is taken for dead.
  public var idleTimeout: Double
  public var clock: MonotonicClock

  public init(connectTimeout: Double = 10, idleTimeout: Double = 45, clock: MonotonicClock = .system) {
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.clock = clock
  }

  public func connect(to url: URL, headers: [String: String]) async throws -> any RoomSocketConnection {
    guard url.scheme?.lowercased() == "ws", let host = url.host, !host.isEmpty else {
      throw BlastoiseClientError.socket("only ws:// URLs can be opened here, not \(url.absoluteString)")
    }
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var target = components?.percentEncodedPath ?? "/"
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    let endpoint = POSIXWebSocketConnection.Endpoint(
      host: host, port: url.port ?? 80, target: target, headers: headers, connectTimeout: connectTimeout,
      idleTimeout: idleTimeout, clock: clock)
    return try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        let connection: POSIXWebSocketConnection
        let leftover: [UInt8]
        do {
          (connection, leftover) = try POSIXWebSocketConnection.open(endpoint)
        } catch {
          continuation.resume(throwing: error)
          return
        }
        continuation.resume(returning: connection)
        connection.readLoop(leftover: leftover)
      }
      thread.name = "blastoise-socket"
      thread.start()
    }
  }
}
