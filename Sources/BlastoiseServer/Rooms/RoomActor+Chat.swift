import BlastoiseCore
import BlastoiseProtocol

/// What a room writes for and about the people in it; nil: not kept (tests of the clock alone).
struct RoomKeeping: Sendable {
  var annotations: (any AnnotationStore)?
  var progress: (any ProgressStore)?
  var chat: (any RoomChatStore)?

  init(
    annotations: (any AnnotationStore)? = nil, progress: (any ProgressStore)? = nil, chat: (any RoomChatStore)? = nil
  ) {
    self.annotations = annotations
    self.progress = progress
    self.chat = chat
  }
}

/// A room's chat: the store keeps its latest `ChatText.kept` messages; the throttle is per person
/// on this node.
struct RoomChat {
  let store: (any RoomChatStore)?
  var throttle = ChatThrottle()
  /// Reactions to the playing track have an allowance of their own (a burst of applause should
  /// not use up one's chat).
  var reactions = ChatThrottle()

  init(store: (any RoomChatStore)?) {
    self.store = store
  }
}

extension RoomActor {
  /// `{ action: "chat", text }`: checked (`ChatText`), throttled, stored, then sent to everyone
  /// in the room on this node.
  func say(_ raw: String, by principal: Principal) async throws {
    guard let store = chat.store else { throw CoreError(.unavailable, "This room has no chat") }
    let text = try ChatText.checked(raw)
    let now = clock.now()
    guard chat.throttle.allow(Self.voter(principal), at: now) else { throw Self.slowDown(chat.throttle, "messages") }
    let message = ChatMessage(
      id: RandomID.make(), userId: principal.userID, username: principal.username, text: text,
      sentAt: Int64((now * 1000).rounded()), displayName: principal.displayName)
    try await store.add(message, roomID: id, keep: ChatText.kept)
    sendToEveryone(.chat(message))
    if sharing.isShared { await sharing.chat(id, message.id, .added) }
  }

  /// `{ action: "react", emoji }`: a reaction to the playing track (`TrackReaction`), told to
  /// the room as activity.
  func react(_ raw: String, by principal: Principal) async throws {
    let emoji = try TrackReaction.checked(raw)
    let entry = try playingEntry()
    guard chat.reactions.allow(Self.voter(principal), at: clock.now()) else {
      throw Self.slowDown(chat.reactions, "reactions")
    }
    await tell(.reacted(emoji, to: catalog.track(entry.trackID)?.title), by: principal)
  }

  private static func slowDown(_ throttle: ChatThrottle, _ what: String) -> CoreError {
    CoreError(
      .rateLimited(retryAfterSeconds: Int(throttle.interval.rounded(.up))), "Slow down: too many \(what) at once")
  }

  /// `{ action: "chat_delete", messageId }`: by its author (not a guest: every guest is user 0),
  /// the room's owner or an admin.
  func deleteChat(_ messageID: String, by principal: Principal) async throws {
    guard let store = chat.store, let message = try await store.message(roomID: id, id: messageID) else {
      throw CoreError(.notFound, "No such chat message")
    }
    let isAuthor = principal.role != .guest && message.userId == principal.userID
    let isOwner = principal.role != .guest && room.record.createdBy == principal.userID
    guard isAuthor || isOwner || principal.role == .admin else {
      throw CoreError(.forbidden, "Only its author, the room's owner or an admin can delete a message")
    }
    guard try await store.delete(roomID: id, id: messageID) else { return }
    sendToEveryone(.chatDeleted(messageID: messageID))
    if sharing.isShared { await sharing.chat(id, messageID, .deleted) }
  }

  /// Another node's chat change: its message read from the store, for this node's listeners.
  func chatElsewhere(_ notice: ChatNotice) async {
    switch notice.change {
    case .added:
      guard let message = try? await chat.store?.message(roomID: id, id: notice.messageID) else { return }
      sendToEveryone(.chat(message))
    case .deleted:
      sendToEveryone(.chatDeleted(messageID: notice.messageID))
    }
  }

  /// The room's latest messages to one who just joined.
  func sendChatHistory(to listener: RoomListener) async {
    guard let store = chat.store else { return }
    do {
      let messages = try await store.recent(roomID: id, limit: ChatText.kept)
      if let frame = SocketFrames.frame(ServerSocketMessage.chatHistory(messages)) { listener.connection.send(frame) }
    } catch {
      ServerLog.write("rooms: could not read the chat of \(id): \(error)")
    }
  }

  /// A message to everyone in the room on this node.
  func sendToEveryone(_ message: ServerSocketMessage) {
    guard let frame = SocketFrames.frame(message) else { return }
    for listener in listeners.values { listener.connection.send(frame) }
  }
}
