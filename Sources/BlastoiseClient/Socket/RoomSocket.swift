import BlastoiseProtocol
import Foundation

/// A room's socket that stays open: it reconnects with backoff when the connection drops (a
/// server restart, a network change), keeps the last known queue (states carry `queue` only
/// now and then), drops states older than the last one applied, and follows `switch`es so a
/// reconnect returns to the room the client is in.
///
/// Closing it on purpose (`stop`), being kicked, or a refusal that retrying cannot fix (401,
/// 403, 404) ends it; `events` then finishes.
public actor RoomSocket {
  public nonisolated let events: AsyncStream<RoomSocketEvent>
  private let continuation: AsyncStream<RoomSocketEvent>.Continuation
  public let api: BlastoiseAPI
  public private(set) var roomID: String
  /// A private room's invite token, sent with every connection (and switch) to it.
  public private(set) var invite: String?
  public private(set) var lastState: RoomState?
  /// The last queue a state carried, for states that leave it out.
  public private(set) var queue: [Track] = []
  private let transport: any RoomSocketTransport
  private let policy: ReconnectPolicy
  private var connection: (any RoomSocketConnection)?
  private var runner: Task<Void, Never>?
  private var stopped = false
  private var kicked = false
  /// `seq` of the last state applied; nil right after connecting or switching rooms.
  private var lastSeq: Int64?

  public init(
    api: BlastoiseAPI, roomID: String, invite: String? = nil,
    transport: any RoomSocketTransport = DefaultSocketTransport.make(), reconnect: ReconnectPolicy = ReconnectPolicy()
  ) {
    self.api = api
    self.roomID = roomID
    self.invite = invite
    self.transport = transport
    policy = reconnect
    (events, continuation) = AsyncStream.makeStream(of: RoomSocketEvent.self)
  }

  public var isConnected: Bool { connection != nil }

  /// Starts connecting (and reconnecting); returns at once.
  public func start() {
    guard runner == nil, !stopped else { return }
    runner = Task { await self.run() }
  }

  /// Closes on purpose: no reconnect; `events` finishes.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    connection?.close()
    connection = nil
    runner?.cancel()
    if runner == nil { finish(reason: "closed") }
  }

  /// Sends an action; throws `notConnected` while the socket is down.
  public func send(_ action: ClientAction) async throws {
    guard let connection else { throw BlastoiseClientError.notConnected }
    if case .switchRoom(_, let token) = action {
      lastSeq = nil
      invite = token
    }
    try await connection.send(action.json)
  }

  /// Sends a clock ping stamped with `clock`'s time (ms) as it is written.
  public func sendPing(clock: MonotonicClock) async throws {
    guard let connection else { throw BlastoiseClientError.notConnected }
    try await connection.send(stampedWith: clock) { now in ClientAction.ping(clientTime: now * 1000).json }
  }

  /// `ws://host/api/channels/:id/ws` (`wss://` for https), `?invite=` for a private room.
  public nonisolated static func url(base: URL, roomID: String, invite: String? = nil) -> URL {
    var text = base.absoluteString
    if text.hasPrefix("https://") {
      text = "wss://" + text.dropFirst("https://".count)
    } else if text.hasPrefix("http://") {
      text = "ws://" + text.dropFirst("http://".count)
    }
    while text.hasSuffix("/") { text.removeLast() }
    let query = invite.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map {
      "?invite=\($0)"
    }
    return URL(string: text + APIRoute.roomSocket.path(roomID) + (query ?? "")) ?? base
  }

  private func run() async {
    var failures = 0
    while !stopped, !Task.isCancelled {
      continuation.yield(.connecting(attempt: failures))
      let opened: any RoomSocketConnection
      do {
        opened = try await transport.connect(
          to: Self.url(base: api.baseURL, roomID: roomID, invite: invite), headers: api.requestHeaders)
      } catch {
        if Self.isPermanent(error) { return finish(reason: Self.describe(error)) }
        let delay = policy.delay(attempt: failures)
        failures += 1
        continuation.yield(.disconnected(reason: Self.describe(error), retryIn: delay))
        try? await Task.sleep(for: .seconds(delay))
        continue
      }
      guard !stopped else {
        opened.close()
        break
      }
      connection = opened
      lastSeq = nil
      continuation.yield(.connected)
      var reason = "connection closed"
      var sawState = false
      do {
        for try await received in opened.messages {
          if handle(received) { sawState = true }
          if kicked { opened.close() }
        }
      } catch {
        reason = Self.describe(error)
      }
      connection = nil
      if stopped || kicked { break }
      if sawState { failures = 0 }
      let delay = policy.delay(attempt: failures)
      failures += 1
      continuation.yield(.disconnected(reason: reason, retryIn: delay))
      try? await Task.sleep(for: .seconds(delay))
    }
    finish(reason: kicked ? "kicked" : "closed")
  }

  private func finish(reason: String) {
    continuation.yield(.disconnected(reason: reason, retryIn: nil))
    continuation.finish()
  }

  /// Handles one message; true if it was a room state.
  private func handle(_ received: ReceivedText) -> Bool {
    guard let message = try? JSONDecoder().decode(ServerSocketMessage.self, from: Data(received.text.utf8)) else {
      return false  // Not JSON, or not a shape this build can read: ignored.
    }
    switch message {
    case .state(var state):
      let sameRoom = lastState?.roomID == state.roomID
      if sameRoom, let lastSeq, state.seq < lastSeq { return false }  // older than what we have
      lastSeq = state.seq
      if let fresh = state.queue {
        queue = fresh
      } else if sameRoom {
        state.queue = queue
      } else {
        queue = []
        state.queue = []
      }
      roomID = state.roomID.isEmpty ? roomID : state.roomID
      lastState = state
      continuation.yield(.state(state, receivedAt: received.receivedAt))
      return true
    case .pong(let clientTime, let serverTime, let micros):
      let milliseconds = micros.map { Double($0) / 1000 } ?? Double(serverTime)
      continuation.yield(.pong(clientTime: clientTime, serverTime: milliseconds, receivedAt: received.receivedAt))
    case .roomList(let rooms): continuation.yield(.roomList(rooms))
    case .switched(let id):
      roomID = id
      lastSeq = nil
      continuation.yield(.switched(roomID: id))
    case .kick(let reason):
      kicked = true
      continuation.yield(.kicked(reason: reason))
    case .toast(let message, let kind): continuation.yield(.toast(message: message, kind: kind))
    case .error(let message): continuation.yield(.serverError(message: message))
    case .scanProgress(let scanning, let processed, let total):
      continuation.yield(.scanProgress(scanning: scanning, processed: processed, total: total))
    case .importJob(let job): continuation.yield(.importJob(job))
    case .libraryChanged, .activity, .chat, .chatHistory, .chatDeleted, .unknown: break
    }
    return false
  }

  /// Refusals that retrying will not fix: no session, no permission, no such room.
  static func isPermanent(_ error: any Error) -> Bool {
    guard let error = error as? BlastoiseClientError, case .handshakeRefused(let status, _) = error else {
      return false
    }
    return [400, 401, 403, 404, 426].contains(status)
  }

  static func describe(_ error: any Error) -> String {
    (error as? BlastoiseClientError)?.description ?? "\(error)"
  }
}
