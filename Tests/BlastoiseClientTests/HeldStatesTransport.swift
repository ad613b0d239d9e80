import BlastoiseClient
import Foundation
import Synchronization

/// The real room socket transport, with the room's `state` messages held back while the test
/// says so (`hold()` … `release()`): the test decides when a session learns that the room moved,
/// instead of racing the server's clock. Other messages (clock pongs, chat) pass at once.
final class HeldStatesTransport: RoomSocketTransport {
  private let inner = DefaultSocketTransport.make()
  private let holding = Mutex(false)

  func hold() { holding.withLock { $0 = true } }
  func release() { holding.withLock { $0 = false } }
  var isHolding: Bool { holding.withLock { $0 } }

  func connect(to url: URL, headers: [String: String]) async throws -> any RoomSocketConnection {
    HeldConnection(try await inner.connect(to: url, headers: headers), transport: self)
  }

  private struct HeldConnection: RoomSocketConnection {
    let inner: any RoomSocketConnection
    let messages: AsyncThrowingStream<ReceivedText, any Error>

    init(_ inner: any RoomSocketConnection, transport: HeldStatesTransport) {
      self.inner = inner
      let source = inner.messages
      messages = AsyncThrowingStream { continuation in
        let pump = Task {
          do {
            for try await message in source {
              // A held state waits, in order, with those after it.
              if message.text.contains(#""type":"state""#) {
                while transport.isHolding { try await Task.sleep(for: .milliseconds(5)) }
              }
              continuation.yield(message)
            }
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in pump.cancel() }
      }
    }

    func send(_ text: String) async throws { try await inner.send(text) }
    func send(stampedWith clock: MonotonicClock, _ make: @escaping @Sendable (Double) -> String) async throws {
      try await inner.send(stampedWith: clock, make)
    }
    func close() { inner.close() }
  }
}
