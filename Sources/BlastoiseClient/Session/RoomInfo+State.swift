import BlastoiseProtocol

extension RoomInfo {
  /// A private room joined by its invite link is not in the room list yet: its card is made from
  /// its state.
  init(invited state: RoomState) {
    self.init(
      id: state.roomID, name: state.roomName, description: state.description, trackCount: state.queue?.count ?? 0,
      listenerCount: state.listenerCount, listeners: state.listeners, isDefault: state.isDefault,
      createdBy: state.owner, nowPlaying: state.track, paused: state.paused, isPrivate: state.isPrivate)
  }
}
