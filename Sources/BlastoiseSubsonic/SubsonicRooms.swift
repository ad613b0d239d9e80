import BlastoiseProtocol

/// Rooms as the `listenTogether` extension answers them (`docs/opensubsonic-rooms.md`): a room's
/// card (`getRooms`) and its state (`getRoom`, `getRoomUpdate`, `joinRoom`): what plays, where
/// in it at `serverTime`, whether paused, and the queue as songs.
public enum SubsonicRooms {
  public static func card(_ info: RoomInfo, nowPlaying: SubsonicElement?) -> SubsonicElement {
    SubsonicElement(
      "room",
      [
        "id": info.id, "name": info.name, "description": info.description.isEmpty ? nil : info.description,
        "songCount": info.trackCount, "listenerCount": info.listenerCount, "isDefault": info.isDefault,
        "isPrivate": info.isPrivate ?? false, "paused": info.paused,
      ],
      children: [.values("listener", info.listeners.map { .string($0) })] + (nowPlaying.map { [.one($0)] } ?? []))
  }

  /// `entries`: the queue's songs in order (their `Child` elements named `entry`), each with its
  /// exact length (`durationMs`: the room moves on at the file's end, `duration` is rounded);
  /// `activity`: who did what last, when (ms on the server's clock).
  public static func state(
    _ state: RoomState, entries: [SubsonicElement], activity: (actor: String?, message: String, at: Int64)?
  ) -> SubsonicElement {
    let timed = zip(entries, state.queue ?? []).map { entry, track in
      entry.adding("durationMs", Int64((track.duration * 1000).rounded()))
    }
    return SubsonicElement(
      "room",
      [
        "id": state.roomID, "name": state.roomName,
        "description": state.description.isEmpty ? nil : state.description, "seq": state.seq,
        "serverTime": state.serverTime, "positionMs": Int64((state.currentTimestamp * 1000).rounded()),
        "currentIndex": state.currentIndex, "paused": state.paused, "playbackMode": state.playbackMode,
        "controlMode": state.controlMode, "canControl": state.canControl, "listenerCount": state.listenerCount,
        "isDefault": state.isDefault, "isPrivate": state.isPrivate ?? false,
      ],
      children: [
        .list("entry", timed),
        .list(
          "listener",
          state.listeners.map { name in
            let sync = state.listenerSync?.first { $0.name == name }
            return SubsonicElement(
              "listener", ["name": name, "syncState": sync?.state.rawValue, "driftMs": sync?.driftMs])
          }),
      ]
        + (activity.map {
          [.one(SubsonicElement("activity", ["actor": $0.actor, "message": $0.message, "time": $0.at]))]
        }
          ?? []))
  }
}
