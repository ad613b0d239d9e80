/// Who may see and enter a room, pure. A room without an invite token is open to everyone who
/// may listen; a private one to its owner, its DJs and admins ("members"), and to whoever
/// presents its current invite token. Someone already inside stays when the token is renewed
/// (the owner removes them if that is the point).
public enum RoomAccessRule {
  /// May see the room in lists and open it without a token.
  public static func isMember(_ principal: Principal, of record: RoomRecord) -> Bool {
    guard record.isPrivate else { return true }
    switch principal.role {
    case .admin: return true
    case .guest: return false
    case .user: return record.createdBy == principal.userID || record.djs.contains(principal.userID)
    }
  }

  /// May enter: a member, or someone with the room's current token.
  public static func mayEnter(_ principal: Principal, _ record: RoomRecord, invite: String?) -> Bool {
    if isMember(principal, of: record) { return true }
    guard let token = record.inviteToken, let invite else { return false }
    return sameToken(token, invite)
  }

  /// Compared in time that does not depend on where they differ.
  static func sameToken(_ a: String, _ b: String) -> Bool {
    let left = Array(a.utf8)
    let right = Array(b.utf8)
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// What a refused person is told: as if the room did not exist, so a token cannot be guessed
  /// at rooms one was not told of.
  public static let refusal = "No such room, or it is private and the invite link is no longer valid"
}
