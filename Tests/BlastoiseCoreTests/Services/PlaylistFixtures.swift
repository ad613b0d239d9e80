import BlastoiseCore
import BlastoiseProtocol
import Synchronization

/// The library as the playlist service sees it: which track IDs exist. Tests remove one to act
/// out a track leaving the library.
final class KnownTracks: Sendable {
  private let ids: Mutex<Set<String>>

  init(_ ids: Set<String>) {
    self.ids = Mutex(ids)
  }

  func unknown(_ candidates: [String]) -> [String] {
    ids.withLock { known in candidates.filter { !known.contains($0) } }
  }

  func remove(_ id: String) { _ = ids.withLock { $0.remove(id) } }
}

/// Numbered tokens, so a test can tell a new share link from the old one.
final class CountingTokens: Sendable {
  private let count = Mutex(0)

  func next() -> String {
    count.withLock { count in
      count += 1
      return "token\(count)"
    }
  }
}

/// A playlist service over real storage with an admin (the first account), Ann and Bob (users)
/// and a guest.
struct PlaylistWorld {
  static let tracks = ["sha256:a", "sha256:b", "sha256:c", "sha256:d"]

  let storage: any Storage
  let service: PlaylistService
  let library: KnownTracks
  let admin: Principal
  let ann: Principal
  let bob: Principal
  let guest: Principal

  init(_ storage: any Storage) async throws {
    self.storage = storage
    let library = KnownTracks(Set(Self.tracks))
    let tokens = CountingTokens()
    self.library = library
    service = PlaylistService(
      storage: storage, unknownTracks: { library.unknown($0) }, newToken: { tokens.next() }, now: { 1_000 })
    func account(_ name: String, _ role: Role) async throws -> Principal {
      Principal(
        try await storage.accounts.createUser(
          username: name, usernameKey: name.lowercased(), passwordHash: role == .guest ? nil : "h", role: role,
          firstAllowed: true))
    }
    admin = try await account("Root", .admin)
    ann = try await account("Ann", .user)
    bob = try await account("Bob", .user)
    guest = try await account("guest-abc", .guest)
  }
}
