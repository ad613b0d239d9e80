import Foundation

/// One text message received on a socket, with the client's monotonic time (seconds) at which
/// it arrived — stamped where it was read, so round trips are measured without queueing delays.
public struct ReceivedText: Sendable, Equatable {
  public var text: String
  public var receivedAt: Double

  public init(text: String, receivedAt: Double) {
    self.text = text
    self.receivedAt = receivedAt
  }
}

/// Opens WebSocket connections. `POSIXWebSocketTransport` works everywhere (plain `ws://`);
/// on Apple platforms `URLSessionWebSocketTransport` also does `wss://`.
public protocol RoomSocketTransport: Sendable {
  /// Opens `url` (ws:// or wss://) sending `headers` (the Cookie) in the handshake. Throws
  /// `BlastoiseClientError.handshakeRefused` when the server answers other than 101.
  func connect(to url: URL, headers: [String: String]) async throws -> any RoomSocketConnection
}

/// An open WebSocket.
public protocol RoomSocketConnection: Sendable {
  /// Text messages as they arrive; finishes when the connection closes (throwing if it broke).
  var messages: AsyncThrowingStream<ReceivedText, any Error> { get }
  func send(_ text: String) async throws
  /// Sends `make(now)`, `now` being `clock`'s time at the moment of writing: a clock ping's
  /// send time must not include the wait for a thread to write it.
  func send(stampedWith clock: MonotonicClock, _ make: @escaping @Sendable (Double) -> String) async throws
  /// Closes with 1000; `messages` finishes soon after.
  func close()
}

extension RoomSocketConnection {
  public func send(stampedWith clock: MonotonicClock, _ make: @escaping @Sendable (Double) -> String) async throws {
    try await send(make(clock.now()))
  }
}

/// The transport a platform uses when none is given.
public enum DefaultSocketTransport {
  public static func make() -> any RoomSocketTransport {
    #if canImport(Darwin)
    URLSessionWebSocketTransport()
    #else
    POSIXWebSocketTransport()
    #endif
  }
}
