import CMicroHTTPD
import Foundation
import Synchronization

/// Closes connections whose request head (request line and headers) is not in within `timeout`:
/// slowloris. libmicrohttpd's connection timeout restarts at every byte it reads, so a client
/// sending its headers a byte a second would hold its connection, and a place under the
/// connection limit, for ever.
///
/// The clock starts when a connection is accepted and, on a kept-alive connection, when the next
/// request's first byte arrives: the sweep sees the socket's received-byte count (`TCP_INFO`) grow
/// past what it was once the previous request ended. A kept-alive connection that sends nothing is
/// left to the idle timeout. Once a head is in nothing here times the connection, so long uploads
/// and downloads, slow handlers and upgraded WebSockets are untouched.
///
/// Crowded — three quarters of the connection limit open — a head gets a second at most: at the
/// limit new clients wait in the kernel's queue behind the slow ones, each wave of which holds the
/// places for a whole timeout, while a real client sends its head at once.
final class HeadDeadlines: Sendable {
  private enum Phase {
    /// Since the connection opened, or since the next request's first byte was seen.
    case awaitingHead(since: ContinuousClock.Instant)
    case inRequest
    /// Between requests: the received-byte count the sweep last saw (nil until it looks).
    case idle(received: Int64?)
  }

  private struct Tracked {
    let socket: Int32
    var phase: Phase
    /// New at every change of phase, so that a sample the sweep took outside the lock is applied
    /// only to the phase it was taken in.
    var version: UInt64
  }

  private struct State {
    var connections: [Int: Tracked] = [:]
    var versions: UInt64 = 0
    var closedSinceLog = 0
    var lastLog: ContinuousClock.Instant?

    mutating func set(_ key: Int, _ phase: Phase) {
      versions += 1
      connections[key]?.phase = phase
      connections[key]?.version = versions
    }
  }

  let timeout: Duration
  private let crowdedTimeout: Duration
  private let crowded: Int
  private let state = Mutex(State())
  private let stopSignal = DispatchSemaphore(value: 0)
  private let log: @Sendable (String) -> Void

  init(timeout: Duration, connectionLimit: Int, log: @escaping @Sendable (String) -> Void) {
    self.timeout = timeout
    crowdedTimeout = min(timeout, .seconds(1))
    crowded = connectionLimit * 3 / 4
    self.log = log
  }

  // MARK: libmicrohttpd's callbacks, on its threads

  func opened(_ connection: OpaquePointer, socket: Int32) {
    let now = ContinuousClock.now
    state.withLock { state in
      state.versions += 1
      state.connections[Int(bitPattern: connection)] = Tracked(
        socket: socket, phase: .awaitingHead(since: now), version: state.versions)
    }
  }

  func headReceived(_ connection: OpaquePointer) {
    state.withLock { $0.set(Int(bitPattern: connection), .inRequest) }
  }

  func requestEnded(_ connection: OpaquePointer) {
    state.withLock { $0.set(Int(bitPattern: connection), .idle(received: nil)) }
  }

  /// libmicrohttpd reports this before it closes the socket.
  func closed(_ connection: OpaquePointer) {
    _ = state.withLock { $0.connections.removeValue(forKey: Int(bitPattern: connection)) }
  }

  // MARK: The sweep

  func start() {
    // Often enough that a connection outlives its deadline by at most a quarter of it (1 s at most).
    let interval = max(.milliseconds(10), min(.seconds(1), timeout / 4))
    let nanoseconds =
      Int(interval.components.seconds) * 1_000_000_000
      + Int(interval.components.attoseconds / 1_000_000_000)
    let thread = Thread { [self] in
      while stopSignal.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
        sweep(at: .now)
      }
    }
    thread.name = "blastoise-head-deadlines"
    thread.start()
  }

  func stop() { stopSignal.signal() }

  private func sweep(at now: ContinuousClock.Instant) {
    var samples: [(key: Int, version: UInt64, socket: Int32, received: Int64?)] = []
    let line = state.withLock { state in
      let allowed = state.connections.count >= crowded ? crowdedTimeout : timeout
      var expired: [Int] = []
      for (key, tracked) in state.connections {
        switch tracked.phase {
        case .awaitingHead(let since) where now - since >= allowed:
          // Under the lock: the entry lives until libmicrohttpd reports the connection closed,
          // which it does before closing the socket, so the descriptor is still this connection's.
          // Shut down, not closed: libmicrohttpd owns the descriptor and sees the client gone.
          shutdown(tracked.socket, Int32(SHUT_RDWR))
          expired.append(key)
        case .idle(let received):
          samples.append((key, tracked.version, tracked.socket, received))
        case .awaitingHead, .inRequest:
          break
        }
      }
      for key in expired { state.connections[key] = nil }
      return logLine(closed: expired.count, at: now, in: &state)
    }
    if let line { log(line) }
    guard !samples.isEmpty else { return }
    // Outside the lock (a system call per idle connection); a connection that closed meanwhile,
    // its descriptor perhaps reused, has no entry of that version any more.
    let counts = samples.map { bl_socket_bytes_received($0.socket) }
    state.withLock { state in
      for (sample, count) in zip(samples, counts) where state.connections[sample.key]?.version == sample.version {
        guard count >= 0 else { continue }  // Unknown: the idle timeout still applies.
        if let before = sample.received, count > before {
          state.set(sample.key, .awaitingHead(since: now))
        } else if sample.received == nil {
          state.set(sample.key, .idle(received: count))
        }
      }
    }
  }

  /// A log line for the first closed connection, then at most one a minute with the count (an
  /// attack must not flood the log).
  private func logLine(closed: Int, at now: ContinuousClock.Instant, in state: inout State) -> String? {
    state.closedSinceLog += closed
    guard state.closedSinceLog > 0, state.lastLog.map({ now - $0 >= .seconds(60) }) ?? true else { return nil }
    defer {
      state.closedSinceLog = 0
      state.lastLog = now
    }
    return "http: closed \(state.closedSinceLog) connections whose request head did not arrive in time"
      + " (\(timeout); \(crowdedTimeout) while crowded)"
  }
}
