/// Decoded as tolerantly as the seed's iOS client decodes `ChannelInfo`: only `id` is required.
extension RoomInfo {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), name: try container.decode(.name, or: "Room"),
      description: try container.decode(.description, or: ""), trackCount: try container.decode(.trackCount, or: 0),
      listenerCount: try container.decode(.listenerCount, or: 0), listeners: try container.decode(.listeners, or: []),
      isDefault: try container.decode(.isDefault, or: false),
      createdBy: try container.decodeIfPresent(Int.self, forKey: .createdBy),
      nowPlaying: try? container.decodeIfPresent(Track.self, forKey: .nowPlaying),
      paused: try? container.decodeIfPresent(Bool.self, forKey: .paused),
      isPrivate: try? container.decodeIfPresent(Bool.self, forKey: .isPrivate))
  }
}
