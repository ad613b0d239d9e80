/// Guests: a session with a generated name and no account. Everything a guest may do (listen,
/// stream, join sockets, read rooms, the library and public or linked playlists) works on the
/// session alone; anything that would need an account (owning or remembering something) is
/// refused to guests, who sign up for it.
extension AccountService {
  public func allowsGuests() async throws -> Bool { try await policy().allowGuests }

  /// A visitor without a session becomes a guest when the server allows guests. The client's
  /// oldest guest sessions beyond its limit end (counted by `ClientAddress.limitKey`).
  public func startGuestSession(from client: ClientAddress) async throws -> SignedIn {
    guard try await allowsGuests() else { throw CoreError(.forbidden, "Guests are not allowed on this server") }
    let time = Int64(now())
    for _ in 0..<5 {
      let name = "guest-" + String(tokens.newToken().filter(\.isLetter).prefix(6)).lowercased()
      let token = tokens.newToken()
      let hash = tokens.hash(token)
      let guest = StoredGuestSession(
        tokenHash: hash, name: name, address: client.address, limitKey: client.limitKey, createdAt: time,
        lastSeenAt: time)
      do {
        let ended = try await store.createGuestSession(guest, limitPerAddress: guestLimitPerAddress)
        sessionsEnded(ended, "Too many guest sessions from your address")
        return SignedIn(principal: Principal(guest: name, sessionID: hash), token: token)
      } catch let error as CoreError where error.code == .conflict {
        continue
      }
    }
    throw CoreError(.unavailable, "Could not create a guest session")
  }

  /// Guest sessions still alive, oldest first (for the admin's list).
  public func liveGuests() async throws -> [StoredGuestSession] {
    let time = Int64(now())
    return try await store.guestSessions().filter {
      lifetime.isAlive(createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt, now: time, guest: true)
    }
  }
}
