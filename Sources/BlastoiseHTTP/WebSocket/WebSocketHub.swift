import BlastoiseWebSocket
import CMicroHTTPD
import Foundation
import Synchronization

/// Owns every upgraded socket on one epoll thread: reads and parses frames, answers pings, sends
/// keep-alive pings, enforces idle and close timeouts, and tears connections down.
public final class WebSocketHub: Sendable {
  public struct Configuration: Sendable {
    public var maxMessageBytes = 64 * 1024
    /// Bytes of frames sent without a coalescing key a connection may have waiting; beyond it
    /// the client is disconnected. Frames with a key are bounded by their number instead
    /// (`OutgoingFrameQueue`).
    public var maxQueuedBytes = 1024 * 1024
    /// A connection with bytes waiting whose socket takes none for this long is not being read,
    /// and is dropped. A slow reader keeps taking some, however long its backlog.
    public var sendStallTimeout: Duration = .seconds(30)
    /// A connection silent this long gets a ping.
    public var pingInterval: Duration = .seconds(20)
    /// A connection silent this long (no pong either) is dropped; it always has at least this
    /// less `pingInterval` to answer the ping it was sent, however late a busy machine sent it.
    public var idleTimeout: Duration = .seconds(60)
    /// How long to wait for the peer's close frame after ours.
    public var closeTimeout: Duration = .seconds(2)
    public init() {}
  }

  private struct Inbox {
    var adoptions: [(WebSocketConnection, [UInt8], WebSocketUpgrade)] = []
    var teardowns: [(WebSocketConnection, String)] = []
    var stopping = false
  }

  static let readEvents = BL_EPOLLIN | BL_EPOLLRDHUP
  /// The coalescing key of queued pongs; the NUL keeps it apart from application keys.
  static let pongKey = "\u{0}pong"

  let configuration: Configuration
  let epoll: Int32
  private let wakeup: Int32
  private let log: @Sendable (String) -> Void
  private let registry = Mutex<[Int32: WebSocketConnection]>([:])
  private let inbox = Mutex(Inbox())
  private let nextID = Atomic<UInt64>(1)
  private let running = Atomic<Bool>(false)

  init(configuration: Configuration, log: @escaping @Sendable (String) -> Void) {
    self.configuration = configuration
    self.log = log
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
  }

  deinit {
    close(epoll)
    close(wakeup)
  }

  public var connectionCount: Int { registry.withLock { $0.count } }

  func start() throws(HTTPError) {
    guard epoll >= 0, wakeup >= 0, bl_epoll_ctl(epoll, BL_EPOLL_CTL_ADD, wakeup, BL_EPOLLIN) == 0 else {
      throw HTTPError(.internalServerError, "Cannot create the WebSocket event loop")
    }
    running.store(true, ordering: .sequentiallyConsistent)
    let thread = Thread { [self] in runLoop() }
    thread.name = "websocket-hub"
    thread.start()
  }

  /// Sends a close frame with `code` to every connection.
  public func closeAll(code: WebSocketCloseCode, reason: String) {
    for connection in registry.withLock({ Array($0.values) }) {
      connection.close(code: code, reason: reason)
    }
  }

  /// Waits for closing handshakes (bounded by the close timeout), then stops the thread.
  func stop() async {
    let deadline = ContinuousClock.now + configuration.closeTimeout
    while connectionCount > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    inbox.withLock { $0.stopping = true }
    wake()
    while running.load(ordering: .sequentiallyConsistent) {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Called on an HTTP thread when libmicrohttpd hands over an upgraded socket.
  func adopt(
    socket: Int32, alreadyRead: [UInt8], upgrade: WebSocketUpgrade, release: @escaping @Sendable () -> Void
  ) {
    _ = bl_socket_prepare(socket)
    let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    let connection = WebSocketConnection(
      id: id, socket: socket, hub: self, deflates: upgrade.deflates, release: release)
    inbox.withLock { $0.adoptions.append((connection, alreadyRead, upgrade)) }
    wake()
  }

  func scheduleTeardown(_ connection: WebSocketConnection, reason: String) {
    inbox.withLock { $0.teardowns.append((connection, reason)) }
    wake()
  }

  private func wake() {
    var one: UInt64 = 1
    _ = write(wakeup, &one, 8)
  }

  // MARK: The hub thread

  private func runLoop() {
    var fds = [Int32](repeating: 0, count: 256)
    var events = [UInt32](repeating: 0, count: 256)
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    // Timers are checked often enough for short intervals too: a 300 ms ping interval checked
    // once a second would let the idle timeout fire before any ping was sent.
    let timerPeriod = max(
      .milliseconds(10),
      min(
        .seconds(1), configuration.pingInterval / 4, configuration.idleTimeout / 4, configuration.closeTimeout / 4,
        configuration.sendStallTimeout / 4))
    var nextTimerCheck = ContinuousClock.now + timerPeriod
    while true {
      let timeout = max(0, Int32((nextTimerCheck - ContinuousClock.now) / .milliseconds(1)))
      let count = bl_epoll_wait(epoll, &fds, &events, Int32(fds.count), timeout)
      for index in 0..<max(0, Int(count)) {
        if fds[index] == wakeup {
          if processInbox() {
            running.store(false, ordering: .sequentiallyConsistent)
            return
          }
          continue
        }
        guard let connection = registry.withLock({ $0[fds[index]] }) else { continue }
        handle(events[index], on: connection, buffer: &readBuffer)
      }
      if ContinuousClock.now >= nextTimerCheck {
        checkTimers()
        nextTimerCheck = ContinuousClock.now + timerPeriod
      }
    }
  }

  /// Returns true when the hub should stop.
  private func processInbox() -> Bool {
    var counter: UInt64 = 0
    _ = read(wakeup, &counter, 8)
    let work = inbox.withLock { inbox in
      defer {
        inbox.adoptions.removeAll()
        inbox.teardowns.removeAll()
      }
      return inbox
    }
    for (connection, alreadyRead, upgrade) in work.adoptions {
      registry.withLock { $0[connection.socket] = connection }
      _ = bl_epoll_ctl(epoll, BL_EPOLL_CTL_ADD, connection.socket, Self.readEvents)
      connection.callbacks = upgrade.onOpen(connection)
      if !alreadyRead.isEmpty {
        connection.reader.feed(alreadyRead)
        processMessages(of: connection)
      }
    }
    for (connection, reason) in work.teardowns {
      tearDown(connection, code: nil, problem: reason)
    }
    if work.stopping {
      for connection in registry.withLock({ Array($0.values) }) {
        tearDown(connection, code: .goingAway, problem: nil)
      }
    }
    return work.stopping
  }

  private func handle(_ events: UInt32, on connection: WebSocketConnection, buffer: inout [UInt8]) {
    if events & BL_EPOLLOUT != 0, connection.flush() {
      tearDown(connection, code: nil, problem: nil)
      return
    }
    if events & (BL_EPOLLIN | BL_EPOLLRDHUP | BL_EPOLLHUP | BL_EPOLLERR) != 0 {
      readAvailable(from: connection, buffer: &buffer)
    }
  }

  private func readAvailable(from connection: WebSocketConnection, buffer: inout [UInt8]) {
    // A few reads per wakeup keeps one fast sender from starving the others.
    for _ in 0..<4 {
      let received = buffer.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
      if received > 0 {
        buffer.withUnsafeBytes { connection.reader.feed(UnsafeRawBufferPointer(rebasing: $0[0..<received])) }
        connection.lastHeard = ContinuousClock.now
        connection.pingSentAt = nil
        if !processMessages(of: connection) { return }
        if received < buffer.count { return }
      } else if received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        tearDown(connection, code: nil, problem: "connection lost")
        return
      } else if errno != EINTR {
        return
      }
    }
  }

  /// Delivers complete messages; false once the connection is gone or closing.
  @discardableResult
  private func processMessages(of connection: WebSocketConnection) -> Bool {
    do {
      while let message = try connection.reader.nextMessage() {
        switch message {
        case .text(let text):
          guard connection.isOpen else { continue }
          connection.callbacks?.onText(connection, text)
        case .binary:
          connection.close(code: .unsupportedData, reason: "Binary messages are not supported")
        case .ping(let payload):
          // Pongs bypass the queue limit, so an unsent pong is replaced by the newer one (RFC 6455
          // §5.5.3 allows answering only the latest ping): a client that floods pings and never
          // reads must not grow the queue without bound.
          connection.enqueue(
            EncodedFrame.control(.pong, payload: payload).bytes[...], coalescingKey: Self.pongKey, control: true)
        case .pong:
          break
        case .close(let code, _):
          return answerClose(from: connection, code: code)
        }
      }
      return true
    } catch {
      log("websocket: \(connection) protocol error \(error.closeCode.rawValue): \(error.reason)")
      return answerClose(from: connection, code: error.closeCode, reason: error.reason)
    }
  }

  /// Sends our close frame and stops reading: the peer closed, or broke the protocol and is not
  /// worth waiting for.
  private func answerClose(from connection: WebSocketConnection, code: WebSocketCloseCode?, reason: String = "") -> Bool
  {
    connection.close(code: code ?? .normal, reason: reason)
    connection.state.withLock { $0.peerClosed = true }
    if connection.flush() { tearDown(connection, code: code, problem: nil) }
    return false
  }

  private static let ping = EncodedFrame.control(.ping)

  private func checkTimers() {
    let now = ContinuousClock.now
    for connection in registry.withLock({ Array($0.values) }) {
      let (phase, stalledSince, queued) = connection.state.withLock { ($0.phase, $0.stalledSince, $0.queue.byteCount) }
      switch phase {
      case .closing(let deadline) where now >= deadline:
        tearDown(connection, code: nil, problem: "close timeout")
      case .open where stalledSince.map { now - $0 >= configuration.sendStallTimeout } == true:
        tearDown(connection, code: nil, problem: "send queue stalled (client not reading, \(queued) bytes queued)")
      // A backlog that still moves shows the client alive though silent: our ping waits behind
      // that backlog, so it cannot have answered yet.
      case .open
      where stalledSince == nil && now - connection.lastHeard >= configuration.idleTimeout
        && connection.pingSentAt.map { now - $0 >= configuration.idleTimeout - configuration.pingInterval } == true:
        tearDown(connection, code: nil, problem: "idle timeout")
      case .open where now - connection.lastHeard >= configuration.pingInterval && connection.pingSentAt == nil:
        connection.pingSentAt = now
        connection.enqueue(Self.ping.bytes[...], coalescingKey: nil, control: true)
      default:
        break
      }
    }
  }

  /// Releases the socket. `problem` is logged; a completed close handshake passes nil.
  private func tearDown(_ connection: WebSocketConnection, code: WebSocketCloseCode?, problem: String?) {
    let wasLive = connection.state.withLock { state -> Bool in
      guard state.phase != .closed else { return false }
      state.phase = .closed
      // Let go of the backlog now, not when the application drops its last reference.
      state.queue = OutgoingFrameQueue(limitBytes: state.queue.limitBytes)
      state.stalledSince = nil
      return true
    }
    guard wasLive else { return }
    _ = bl_epoll_ctl(epoll, BL_EPOLL_CTL_DEL, connection.socket, 0)
    registry.withLock { _ = $0.removeValue(forKey: connection.socket) }
    connection.release()
    if let problem { log("websocket: \(connection) dropped: \(problem)") }
    connection.callbacks?.onClose(connection, code)
    connection.callbacks = nil
  }
}
