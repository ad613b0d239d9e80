import BlastoiseTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

enum TestSocketError: Error, CustomStringConvertible {
  case system(String, Int32)
  case timedOut
  case closedByPeer
  case malformed(String)

  var description: String {
    switch self {
    case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
    case .timedOut: "timed out waiting for the server"
    case .closedByPeer: "the server closed the connection"
    case .malformed(let what): "malformed response: \(what)"
    }
  }
}

/// A blocking TCP client on POSIX sockets. Every blocking call is bounded by the receive and send
/// timeouts (SO_RCVTIMEO / SO_SNDTIMEO). Tests must call these methods off the Swift concurrency
/// pool (see `offPool`): the server's async handlers need that pool, and it has only as many
/// threads as there are cores.
final class TestSocket: @unchecked Sendable {
  let descriptor: Int32
  /// Received bytes not consumed yet (e.g. a second pipelined response, or WebSocket frames that
  /// arrived with the 101).
  private var pending: [UInt8] = []
  private var isClosed = false
  private var blockingTimeout: Duration

  /// `timeout` bounds every blocking call. It is a hang guard, generous on purpose: it only costs
  /// time when something is wrong, and a busy test run can hold up the server for many seconds.
  /// `source` is the client's address (default: the kernel's choice, 127.0.0.1): all of
  /// 127.0.0.0/8 is loopback, so one test can be several clients.
  init(port: UInt16, from source: String? = nil, timeout: Duration = .seconds(120)) throws {
    blockingTimeout = timeout
    do {
      descriptor = try Loopback.connect(port: port, from: source, timeout: timeout)
    } catch {
      throw TestSocketError.system(error.call, error.code)
    }
  }

  deinit { close() }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(descriptor)
  }

  func setTimeout(_ timeout: Duration) {
    blockingTimeout = timeout
    applyTimeout(timeout)
  }

  /// Runs `body` with short blocking calls, for polling loops.
  func withShortTimeout<T>(_ timeout: Duration, _ body: () throws -> T) rethrows -> T {
    applyTimeout(timeout)
    defer { applyTimeout(blockingTimeout) }
    return try body()
  }

  private func applyTimeout(_ timeout: Duration) {
    Loopback.setTimeout(timeout, on: descriptor)
  }

  // MARK: Blocking primitives (call off the concurrency pool)

  func sendBlocking(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw TestSocketError.timedOut }
        throw TestSocketError.system("send", errno)
      }
      offset += sent
    }
  }

  /// Receives more bytes into `pending`; false when the peer closed the connection.
  @discardableResult
  func fillBlocking() throws -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if received > 0 {
        pending.append(contentsOf: buffer[0..<received])
        return true
      }
      if received == 0 { return false }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { throw TestSocketError.timedOut }
      if errno == ECONNRESET { return false }
      throw TestSocketError.system("recv", errno)
    }
  }

  func readExactlyBlocking(_ count: Int) throws -> [UInt8] {
    while pending.count < count {
      guard try fillBlocking() else { throw TestSocketError.closedByPeer }
    }
    let bytes = Array(pending[0..<count])
    pending.removeFirst(count)
    return bytes
  }

  /// Bytes up to and including `delimiter`.
  func readUntilBlocking(_ delimiter: [UInt8]) throws -> [UInt8] {
    var searchFrom = 0
    while true {
      if let range = pending[searchFrom...].firstRange(of: delimiter) {
        let bytes = Array(pending[..<range.upperBound])
        pending.removeFirst(range.upperBound)
        return bytes
      }
      searchFrom = max(0, pending.count - delimiter.count + 1)
      guard try fillBlocking() else { throw TestSocketError.closedByPeer }
    }
  }

  func readToEndBlocking() throws -> [UInt8] {
    while try fillBlocking() {}
    return takePending()
  }

  /// Whether the server sent anything not read yet, without waiting.
  var hasDataWaiting: Bool {
    if !pending.isEmpty { return true }
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
  }

  /// Hands over what was received but not consumed.
  func takePending() -> [UInt8] {
    defer { pending = [] }
    return pending
  }

  /// Waits for the peer to close, discarding what it sends; false if it is still open at the
  /// deadline.
  func waitForPeerCloseBlocking(within timeout: Duration) throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    return try withShortTimeout(.milliseconds(50)) {
      while ContinuousClock.now < deadline {
        do {
          if try !fillBlocking() { return true }
          pending = []
        } catch TestSocketError.timedOut {
          continue
        }
      }
      return false
    }
  }

  // MARK: Async wrappers

  func send(_ bytes: [UInt8]) async throws {
    try await offPool { try self.sendBlocking(bytes) }
  }

  func send(_ text: String) async throws {
    try await send(Array(text.utf8))
  }

  func waitForPeerClose(within timeout: Duration) async throws -> Bool {
    try await offPool { try self.waitForPeerCloseBlocking(within: timeout) }
  }

  func readToEnd() async throws -> [UInt8] {
    try await offPool { try self.readToEndBlocking() }
  }
}

/// Runs blocking work on a thread of its own, keeping the concurrency pool free for the server.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}
