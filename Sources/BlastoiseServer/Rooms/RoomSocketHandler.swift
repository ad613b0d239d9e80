import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// One client's room socket: its messages are handled in order on one task, away from the
/// socket thread. Each action needs the permission `permission(for:)` names, checked by
/// `AccessPolicy.require` as every route's is; an action the sender may not take is ignored, as
/// the seed's clients expect (guests' controls). One the room's control mode refuses
/// (`RoomControlRule`) is answered with `{ "type": "error" }` saying why. Malformed or unknown messages get `{ "type": "error" }`. Every
/// action but a ping re-checks the session first, so a socket outliving its session (ended while
/// the socket was being opened, or expired unnoticed) is closed instead of acting.
struct RoomSocketHandler: Sendable {
  let directory: RoomDirectory
  let sessions: SessionSockets
  let accounts: AccountService

  func open(_ connection: WebSocketConnection, principal: Principal, room: String) -> WebSocketCallbacks {
    let (messages, feed) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
    sessions.add(connection, session: principal.sessionID)
    let listener = RoomListener(connection: connection, principal: principal)
    Task {
      // The session may have ended between the handshake's check and `sessions.add` above; its
      // kick then found no socket to close, so look once more now that this one is listed.
      if (try? await accounts.isLive(principal)) == false {
        sessions.kick(sessions: [principal.sessionID], reason: "Your session has ended")
      }
      await directory.join(listener, room: room)
      for await text in messages { await handle(text, from: listener) }
      await directory.leave(connection)
      sessions.remove(connection, session: principal.sessionID)
    }
    return WebSocketCallbacks(
      onText: { _, text in feed.yield(text) },
      onClose: { _, _ in feed.finish() })
  }

  private func handle(_ text: String, from listener: RoomListener) async {
    guard let message = try? JSONDecoder().decode(ClientSocketMessage.self, from: Data(text.utf8)) else {
      return reply(.error(message: "Messages must be JSON with an 'action'"), to: listener)
    }
    do {
      // Each action but a ping checks the session is alive, and so learns its person as they are now.
      var principal = listener.principal
      if message.knownAction != .ping {
        guard let live = try await accounts.livePrincipal(listener.principal) else {
          return sessions.kick(sessions: [listener.principal.sessionID], reason: "Your session has ended")
        }
        principal = live
      }
      guard let action = message.knownAction else {
        return reply(.error(message: "Unknown action '\(message.action.prefix(40))'"), to: listener)
      }
      if let permission = Self.permission(for: action) {
        // Ignored, as the seed's clients expect.
        guard (try? AccessPolicy.require(permission, of: listener.principal)) != nil else { return }
      }
      switch action {
      case .ping:
        let micros = Int64((Date().timeIntervalSince1970 * 1_000_000).rounded())
        reply(
          .pong(
            clientTime: message.clientTime ?? 0, serverTime: (micros + 500) / 1000, serverTimeMicros: micros),
          to: listener)
      case .switchRoom:
        guard let id = message.roomID else {
          return reply(.error(message: "'switch' needs 'channelId'"), to: listener)
        }
        try await directory.switchRoom(listener, to: id, invite: message.invite)
      case .pause, .unpause, .seek, .jump:
        try await control(message, for: listener)
      case .voteSkip:
        guard let room = await currentRoom(of: listener) else { return }
        _ = try await room.voteSkip(by: listener.principal)
      case .listening:
        guard let listening = message.listening else {
          return reply(.error(message: "'listening' needs 'listening' (true or false)"), to: listener)
        }
        await directory.setHearing(listening, of: listener.connection)
      case .chat:
        guard let text = message.text else { return reply(.error(message: "'chat' needs 'text'"), to: listener) }
        try await currentRoom(of: listener)?.say(text, by: principal)
      case .syncReport:
        guard let state = message.syncState.flatMap(ListenerSyncState.init(rawValue:)) else {
          let known = ListenerSyncState.allCases.map(\.rawValue).joined(separator: ", ")
          return reply(.error(message: "'sync_report' needs 'state': one of \(known)"), to: listener)
        }
        // A drift past an hour is no measurement.
        let drift = message.driftMs.flatMap { $0.isFinite && abs($0) <= 3_600_000 ? $0 : nil }
        await currentRoom(of: listener)?.report(state, driftMs: drift, of: listener.connection)
      case .removeListener:
        guard let name = message.name else {
          return reply(.error(message: "'remove_listener' needs 'name'"), to: listener)
        }
        try await directory.remove(named: name, asked: listener)
      case .react:
        guard let emoji = message.emoji else { return reply(.error(message: "'react' needs 'emoji'"), to: listener) }
        try await currentRoom(of: listener)?.react(emoji, by: listener.principal)
      case .chatDelete:
        guard let messageID = message.messageID else {
          return reply(.error(message: "'chat_delete' needs 'messageId'"), to: listener)
        }
        try await currentRoom(of: listener)?.deleteChat(messageID, by: listener.principal)
      }
    } catch let error as CoreError {
      reply(.error(message: error.message), to: listener)
    } catch {
      reply(.error(message: "That did not work"), to: listener)
    }
  }

  /// What each action needs. A ping needs nothing: it only answers the clock. Joining the
  /// socket needed `listen`, so switching rooms and saying whether one hears the room (which
  /// touches only one's own plays) need only that again, as chatting does (guests too; who may
  /// delete a message the room decides).
  static func permission(for action: SocketAction) -> Permission? {
    switch action {
    case .ping: nil
    case .switchRoom, .listening, .voteSkip, .chat, .chatDelete, .syncReport, .removeListener, .react: .listen
    case .pause, .unpause, .seek, .jump: .control
    }
  }

  private func currentRoom(of listener: RoomListener) async -> RoomActor? {
    guard let id = await directory.roomID(of: listener.connection) else { return nil }
    return await directory.room(id)
  }

  private func control(_ message: ClientSocketMessage, for listener: RoomListener) async throws {
    guard let room = await currentRoom(of: listener) else { return }
    if let refusal = RoomControlRule.refusal(of: .playback, by: listener.principal, in: await room.record) {
      throw CoreError(.forbidden, refusal)
    }
    let activity: RoomActivity
    switch message.knownAction {
    case .pause:
      try await room.pause()
      activity = .paused
    case .unpause:
      try await room.resume()
      activity = .resumed
    case .seek:
      guard let timestamp = message.timestamp else { throw CoreError.invalid("'seek' needs 'timestamp'") }
      try await room.seek(to: timestamp)
      activity = .seeked(to: timestamp)
    default:
      guard let index = message.index else { throw CoreError.invalid("'jump' needs 'index'") }
      try await room.jump(to: index)
      activity = .jumped(to: index)
    }
    await room.tell(activity, by: listener.principal)
  }

  private func reply(_ message: ServerSocketMessage, to listener: RoomListener) {
    if let frame = SocketFrames.frame(message) { listener.connection.send(frame) }
  }
}
