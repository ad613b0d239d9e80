/// How a listener's player stands with the room, as the client itself measures it (additive).
public enum ListenerSyncState: String, Codable, Sendable, CaseIterable {
  /// Playing the room's track where the room is (within `driftMs`), or paused with the room.
  case inSync = "in-sync"
  /// Loading, buffering or seeking.
  case buffering
  /// The browser refused to start sound until the person clicks.
  case waiting
  /// Not following the room just now (playing something else here, or the page is away).
  case away
}

/// One listener's last report, in a room state's `listenerSync` (additive): by display name, a
/// person on two devices is there twice.
public struct ListenerSync: Codable, Sendable, Equatable {
  public var name: String
  public var state: ListenerSyncState
  /// Player minus room, milliseconds (positive: ahead), when the client measured it.
  public var driftMs: Double?

  public init(name: String, state: ListenerSyncState, driftMs: Double? = nil) {
    self.name = name
    self.state = state
    self.driftMs = driftMs
  }
}
