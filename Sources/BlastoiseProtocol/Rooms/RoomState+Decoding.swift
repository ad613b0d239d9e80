/// Decoded as tolerantly as the seed's iOS client decodes `ChannelState`: a missing field takes
/// its default, so a server without the sync fields still yields a state, with `seq` 0 and
/// `serverTime` 0 (meaning "true when received").
extension RoomState {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      track: try container.decodeIfPresent(Track.self, forKey: .track),
      currentTimestamp: try container.decode(.currentTimestamp, or: 0),
      roomName: try container.decode(.roomName, or: ""),
      roomID: try container.decode(.roomID, or: ""), description: try container.decode(.description, or: ""),
      paused: try container.decode(.paused, or: true), currentIndex: try container.decode(.currentIndex, or: 0),
      listenerCount: try container.decode(.listenerCount, or: 0), listeners: try container.decode(.listeners, or: []),
      isDefault: try container.decode(.isDefault, or: false),
      playbackMode: try container.decode(.playbackMode, or: "repeat-all"),
      queue: try container.decodeIfPresent([Track].self, forKey: .queue),
      serverTime: try container.decodeMillisecondsIfPresent(forKey: .serverTime) ?? 0,
      seq: try container.decode(.seq, or: 0),
      controlMode: try container.decodeIfPresent(String.self, forKey: .controlMode),
      owner: try container.decodeIfPresent(Int.self, forKey: .owner),
      djs: try container.decodeIfPresent([Int].self, forKey: .djs),
      canControl: try container.decodeIfPresent(Bool.self, forKey: .canControl))
    // A report this build cannot read (a newer state) is left out rather than failing the state.
    listenerSync = try? container.decodeIfPresent([ListenerSync].self, forKey: .listenerSync)
    isPrivate = try? container.decodeIfPresent(Bool.self, forKey: .isPrivate)
    inviteToken = try? container.decodeIfPresent(String.self, forKey: .inviteToken)
  }
}
