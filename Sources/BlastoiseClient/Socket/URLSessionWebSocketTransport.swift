#if canImport(Darwin)
import Foundation

/// Apple platforms: the same protocol on URLSessionWebSocketTask (which also does wss://).
/// Give it a session without its own cookie handling; the Cookie comes in `headers`.
public struct URLSessionWebSocketTransport: RoomSocketTransport {
  public var clock: MonotonicClock
  private let session: URLSession

  public init(clock: MonotonicClock = .system) {
    self.clock = clock
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration)
  }

  public func connect(to url: URL, headers: [String: String]) async throws -> any RoomSocketConnection {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let task = session.webSocketTask(with: request)
    task.resume()
    let connection = URLSessionWebSocketConnection(task: task, clock: clock)
    // The handshake's outcome shows on the first receive; a state arrives right after joining.
    return connection
  }
}

final class URLSessionWebSocketConnection: RoomSocketConnection, @unchecked Sendable {
  let messages: AsyncThrowingStream<ReceivedText, any Error>
  private let task: URLSessionWebSocketTask

  init(task: URLSessionWebSocketTask, clock: MonotonicClock) {
    self.task = task
    messages = AsyncThrowingStream { continuation in
      let receiver = Task {
        while !Task.isCancelled {
          do {
            let message = try await task.receive()
            let now = clock.now()
            if case .string(let text) = message { continuation.yield(ReceivedText(text: text, receivedAt: now)) }
          } catch {
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
              continuation.finish(
                throwing: BlastoiseClientError.handshakeRefused(
                  status: response.statusCode,
                  message: HTTPURLResponse.localizedString(forStatusCode: response.statusCode)))
            } else {
              continuation.finish(throwing: BlastoiseClientError.socket(error.localizedDescription))
            }
            return
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in receiver.cancel() }
    }
  }

  func send(_ text: String) async throws {
    try await task.send(.string(text))
  }

  func close() {
    task.cancel(with: .normalClosure, reason: nil)
  }
}
#endif
