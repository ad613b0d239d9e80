/// What one may do in a room, pure: the person's role (owner, DJ, member) in the room's control
/// mode, after the global permission (`AccessPolicy`) allowed it. Admins always may; guests
/// never may (they only listen, as before roles existed).
public enum RoomControlRule {
  public enum Action: Sendable, CaseIterable {
    /// Pause, unpause, seek, skip, jump, playback mode.
    case playback
    case editQueue
    /// The room's name, description, control mode and DJs.
    case manage
  }

  /// nil when allowed; else why not, as the person is told (a 403's `error`, a socket `error`).
  public static func refusal(of action: Action, by principal: Principal, in record: RoomRecord) -> String? {
    switch principal.role {
    case .guest: return "Guests cannot do that"
    case .admin: return nil
    case .user: break
    }
    let isOwner = record.createdBy == principal.userID
    if action == .manage {
      return isOwner ? nil : "Only the room's owner or an admin can change its settings"
    }
    switch record.controlMode {
    case .everyone: return nil
    case .djs: return isOwner || record.djs.contains(principal.userID) ? nil : "Only the room's DJs can do that"
    case .owner: return isOwner ? nil : "Only the room's owner can do that"
    }
  }

  /// Whether `principal` may change playback and queue here (the state's `canControl`).
  public static func canControl(_ principal: Principal, in record: RoomRecord) -> Bool {
    principal.can(.control) && refusal(of: .playback, by: principal, in: record) == nil
  }
}
