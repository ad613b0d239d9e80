import BlastoiseCore

extension RoomActor {
  /// Whether `principal` may see this room: a member (`RoomAccessRule`), or someone in it now
  /// (who came with the invite token).
  func admits(_ principal: Principal) -> Bool {
    RoomAccessRule.isMember(principal, of: room.record)
      || present.contains { Self.voter($0) == Self.voter(principal) }
  }

  /// `PATCH …{ isPrivate }`: private with a fresh token, or open; nothing when already so.
  func setPrivate(_ isPrivate: Bool, by principal: Principal) async throws {
    guard isPrivate != room.record.isPrivate else { return }
    guard !room.record.isDefault || !isPrivate else { throw CoreError.invalid("The main room stays open to everyone") }
    try await setInvite(isPrivate ? SodiumSessionTokens().newToken() : nil)
    await tell(.privacyChanged(isPrivate), by: principal)
  }

  /// `POST …/invite`: a new token for a private room; the old link stops letting anyone in.
  func renewInvite(by principal: Principal) async throws -> String {
    guard room.record.isPrivate else { throw CoreError.invalid("Only a private room has an invite link to renew") }
    let token = SodiumSessionTokens().newToken()
    try await setInvite(token)
    await tell(.inviteRenewed, by: principal)
    return token
  }
}
