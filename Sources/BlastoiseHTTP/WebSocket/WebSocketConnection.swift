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
    /// While bytes are queued: when the socket last took some (or when queueing began). A
    /// socket whose queue does not move at all for the hub's stall timeout is not being read.
    var stalledSince: ContinuousClock.Instant?
  }

  public let id: UInt64
  let socket: Int32
  /// permessage-deflate was negotiated: large text frames go out compressed.
  let deflates: Bool
  let state: Mutex<State>
  private unowned let hub: WebSocketHub

  // Touched only on the hub thread.
  var reader: WebSocketReader
  var callbacks: WebSocketCallbacks?
  var lastHeard = ContinuousClock.now
  /// When our keep-alive ping went out, until the peer is heard again.
  var pingSentAt: ContinuousClock.Instant?
  let release: @Sendable () -> Void

  init(id: UInt64, socket: Int32, hub: WebSocketHub, deflates: Bool, release: @escaping @Sendable () -> Void) {
    self.id = id
    self.socket = socket
    self.hub = hub
    self.deflates = deflates
    self.release = release
    reader = WebSocketReader(
      role: .server, maxMessageBytes: hub.configuration.maxMessageBytes,
      inflater: deflates ? ZlibMessageInflater() : nil)
    state = Mutex(State(queue: OutgoingFrameQueue(limitBytes: hub.configuration.maxQueuedBytes)))
  }

  public var description: String { "ws#\(id)" }

  public func send(text: String, coalescingKey: String? = nil) {
    send(.text(text), coalescingKey: coalescingKey)
  }

  /// Queues a frame. With a coalescing key, the frame supersedes an unsent one with the same key
  /// or one of `replacing` (see `OutgoingFrameQueue`); keys must come from a small fixed set.
  /// A client too far behind on frames without a key is disconnected.
  public func send(_ frame: EncodedFrame, coalescingKey: String? = nil, replacing: [String] = []) {
    let bytes = deflates ? frame.deflatedBytes : frame.bytes
    enqueue(bytes[...], coalescingKey: coalescingKey, replacing: replacing, control: false)
  }

  /// Bytes waiting for this socket now (the kernel's buffers not counted).
  public var queuedByteCount: Int { state.withLock { $0.queue.byteCount } }

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
  func enqueue(_ bytes: ArraySlice<UInt8>, coalescingKey: String?, replacing: [String] = [], control: Bool) {
    enum Outcome { case done, overflow, failed }
    let outcome = state.withLock { state -> Outcome in
      switch state.phase {
      case .closed: return .done
      case .closing where !control: return .done
      case .open, .closing: break
      }
      guard let written = state.queue.isEmpty ? writeNow(bytes) : 0 else { return .failed }
      if written == bytes.count { return .done }
      if written > 0 {
        state.queue.enqueueInFlight(bytes.dropFirst(written))
      } else if !state.queue.enqueue(bytes, coalescingKey: coalescingKey, replacing: replacing, force: control) {
        return .overflow
      }
      if state.stalledSince == nil { state.stalledSince = .now }
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
      var progressed = false
      state.queue.drain { bytes in
        guard let written = writeNow(bytes) else {
          failed = true
          return nil
        }
        progressed = progressed || written > 0
        return written
      }
      if progressed { state.stalledSince = .now }
      if state.queue.isEmpty {
        state.stalledSince = nil
        if state.writeArmed {
          state.writeArmed = false
          _ = bl_epoll_ctl(hub.epoll, BL_EPOLL_CTL_MOD, socket, WebSocketHub.readEvents)
        }
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
