import BlastoiseWebSocket
import CMicroHTTPD
import Foundation
import Synchronization

/// One upgraded socket. `send` and `close` may be called from any thread; reading, timers and
/// teardown happen on the hub's thread.
public final class WebSocketConnection: @unchecked Sendable, Hashable, CustomStringConvertible {
  enum Phase: Equatable {
    case open
    /// We sent a close frame; waiting for the peer's (or the deadline).
    case closing(deadline: ContinuousClock.Instant)
    case closed
  }

  struct State {
    var phase = Phase.open
    var queue: OutgoingFrameQueue
    var writeArmed = false
    /// The peer sent its close frame: tear down as soon as our queue is flushed.
    var peerClosed = false
  }

  public let id: UInt64
  let socket: Int32
  let state: Mutex<State>
  private unowned let hub: WebSocketHub

  // Touched only on the hub thread.
  var reader: WebSocketReader
  var callbacks: WebSocketCallbacks?
  var lastHeard = ContinuousClock.now
  var pingOutstanding = false
  let release: @Sendable () -> Void

  init(id: UInt64, socket: Int32, hub: WebSocketHub, release: @escaping @Sendable () -> Void) {
    self.id = id
    self.socket = socket
    self.hub = hub
    self.release = release
    reader = WebSocketReader(role: .server, maxMessageBytes: hub.configuration.maxMessageBytes)
    state = Mutex(State(queue: OutgoingFrameQueue(limitBytes: hub.configuration.maxQueuedBytes)))
  }

  public var description: String { "ws#\(id)" }

  public func send(text: String, coalescingKey: String? = nil) {
    send(.text(text), coalescingKey: coalescingKey)
  }

  /// Queues a frame. With a coalescing key, an unsent frame with the same key is replaced.
  /// A client whose queue would exceed the limit is disconnected.
  public func send(_ frame: EncodedFrame, coalescingKey: String? = nil) {
    enqueue(frame.bytes[...], coalescingKey: coalescingKey, control: false)
  }

  /// Starts the closing handshake; the socket is released when the peer answers or after the
  /// hub's close timeout.
  public func close(code: WebSocketCloseCode = .normal, reason: String = "") {
    let deadline = ContinuousClock.now + hub.configuration.closeTimeout
    let started = state.withLock { state -> Bool in
      guard state.phase == .open else { return false }
      state.phase = .closing(deadline: deadline)
      return true
    }
    if started { enqueue(EncodedFrame.close(code, reason: reason).bytes[...], coalescingKey: nil, control: true) }
  }

  var isOpen: Bool { state.withLock { $0.phase == .open } }

  /// Control frames (pong, close) bypass the size limit and may be sent while closing.
  func enqueue(_ bytes: ArraySlice<UInt8>, coalescingKey: String?, control: Bool) {
    enum Outcome { case done, overflow, failed }
    let outcome = state.withLock { state -> Outcome in
      switch state.phase {
      case .closed: return .done
      case .closing where !control: return .done
      case .open, .closing: break
      }
      var remaining = bytes
      var key = coalescingKey
      if state.queue.isEmpty {
        guard let written = writeNow(remaining) else { return .failed }
        if written == remaining.count { return .done }
        remaining = remaining.dropFirst(written)
        key = nil
      }
      guard state.queue.enqueue(remaining, coalescingKey: key, force: control) else { return .overflow }
      if !state.writeArmed {
        state.writeArmed = true
        _ = bl_epoll_ctl(hub.epoll, BL_EPOLL_CTL_MOD, socket, WebSocketHub.readEvents | BL_EPOLLOUT)
      }
      return .done
    }
    switch outcome {
    case .done: break
    case .overflow: hub.scheduleTeardown(self, reason: "send queue full (client not reading)")
    case .failed: hub.scheduleTeardown(self, reason: "write failed")
    }
  }

  /// Writes queued bytes after EPOLLOUT; returns true when the connection should now be torn
  /// down (its close handshake is complete).
  func flush() -> Bool {
    state.withLock { state -> Bool in
      guard state.phase != .closed else { return false }
      var failed = false
      state.queue.drain { bytes in
        guard let written = writeNow(bytes) else {
          failed = true
          return nil
        }
        return written
      }
      if state.queue.isEmpty, state.writeArmed {
        state.writeArmed = false
        _ = bl_epoll_ctl(hub.epoll, BL_EPOLL_CTL_MOD, socket, WebSocketHub.readEvents)
      }
      return failed || (state.peerClosed && state.queue.isEmpty)
    }
  }

  /// A non-blocking write: bytes taken, 0 when the socket is full, nil on a broken connection.
  private func writeNow(_ bytes: ArraySlice<UInt8>) -> Int? {
    while true {
      let result = bytes.withUnsafeBytes { buffer in
        Glibc.send(socket, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if result >= 0 { return result }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }
  }

  public static func == (lhs: WebSocketConnection, rhs: WebSocketConnection) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
