/// What a room is doing, as every client syncs to it. Any socket message without `type` is one.
/// `serverTime` (ms since the epoch, when the state was true) and `seq` (per room, increasing)
/// are additive sync fields; old clients ignore them. `queue` is present on connect, after queue
/// changes and every 30 s; otherwise clients keep the last one. `controlMode` ("everyone", "djs",
/// "owner"), `owner` and `djs` (user IDs; the default room has no owner) and `canControl` (for
/// the socket's or request's person) are additive too.
public struct RoomState: Codable, Sendable, Equatable {
  public var track: Track?
  public var currentTimestamp: Double
  public var roomName: String
  public var roomID: String
  public var description: String
  public var paused: Bool
  public var currentIndex: Int
  public var listenerCount: Int
  public var listeners: [String]
  public var isDefault: Bool
  public var playbackMode: String
  public var queue: [Track]?
  public var serverTime: Int64
  public var seq: Int64
  public var controlMode: String?
  public var owner: Int?
  public var djs: [Int]?
  public var canControl: Bool?
  /// Additive: each listener's last sync report (`sync_report`), when any have reported.
  public var listenerSync: [ListenerSync]?
  /// Additive: the room is private (joinable with its invite token only); the token itself is
  /// sent to the room's members (owner, DJs, admins), who share it as the invite link.
  public var isPrivate: Bool?
  public var inviteToken: String?

  public init(
    track: Track?, currentTimestamp: Double, roomName: String, roomID: String, description: String,
    paused: Bool, currentIndex: Int, listenerCount: Int, listeners: [String], isDefault: Bool, playbackMode: String,
    queue: [Track]?, serverTime: Int64, seq: Int64, controlMode: String? = nil, owner: Int? = nil, djs: [Int]? = nil,
    canControl: Bool? = nil
  ) {
    self.track = track
    self.currentTimestamp = currentTimestamp
    self.roomName = roomName
    self.roomID = roomID
    self.description = description
    self.paused = paused
    self.currentIndex = currentIndex
    self.listenerCount = listenerCount
    self.listeners = listeners
    self.isDefault = isDefault
    self.playbackMode = playbackMode
    self.queue = queue
    self.serverTime = serverTime
    self.seq = seq
    self.controlMode = controlMode
    self.owner = owner
    self.djs = djs
    self.canControl = canControl
  }

  enum CodingKeys: String, CodingKey {
    case track, currentTimestamp, description, paused, currentIndex, listenerCount, listeners
    case roomName = "channelName", roomID = "channelId"
    case isDefault, playbackMode, queue, serverTime, seq, controlMode, owner, djs, canControl, listenerSync
    case isPrivate, inviteToken
  }

  /// `track` is `null` for an empty room; `queue` is left out when not sent.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(track, forKey: .track)
    try container.encode(currentTimestamp, forKey: .currentTimestamp)
    try container.encode(roomName, forKey: .roomName)
    try container.encode(roomID, forKey: .roomID)
    try container.encode(description, forKey: .description)
    try container.encode(paused, forKey: .paused)
    try container.encode(currentIndex, forKey: .currentIndex)
    try container.encode(listenerCount, forKey: .listenerCount)
    try container.encode(listeners, forKey: .listeners)
    try container.encode(isDefault, forKey: .isDefault)
    try container.encode(playbackMode, forKey: .playbackMode)
    try container.encodeIfPresent(queue, forKey: .queue)
    try container.encode(serverTime, forKey: .serverTime)
    try container.encode(seq, forKey: .seq)
    try container.encodeIfPresent(controlMode, forKey: .controlMode)
    try container.encodeIfPresent(owner, forKey: .owner)
    try container.encodeIfPresent(djs, forKey: .djs)
    try container.encodeIfPresent(canControl, forKey: .canControl)
    try container.encodeIfPresent(listenerSync, forKey: .listenerSync)
    try container.encodeIfPresent(isPrivate, forKey: .isPrivate)
    try container.encodeIfPresent(inviteToken, forKey: .inviteToken)
  }
}
