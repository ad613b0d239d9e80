import BlastoiseProtocol
import Foundation

/// Playlists and their sharing rules. Owners (and admins) edit; others see public ones; a share
/// link shows a playlist to anyone signed in until it is revoked. Private playlists of others
/// answer 404, not 403, so their existence does not leak.
public struct PlaylistService: Sendable {
  private let storage: any Storage
  private let unknownTracks: @Sendable ([String]) -> [String]
  private let newToken: @Sendable () -> String
  private let now: @Sendable () -> Int64

  /// `unknownTracks` returns the IDs that are not library tracks.
  public init(
    storage: any Storage, unknownTracks: @escaping @Sendable ([String]) -> [String],
    newToken: @escaping @Sendable () -> String,
    now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
  ) {
    self.storage = storage
    self.unknownTracks = unknownTracks
    self.newToken = newToken
    self.now = now
  }

  /// Two plain reads, no transaction: a transaction takes the write lock, which a read must not
  /// wait for (nor hold against other writers). The lists need no common snapshot: they split by
  /// owner, which never changes, so no playlist can be in both or fall between them.
  public func bundle(for principal: Principal) async throws -> PlaylistBundle {
    PlaylistBundle(
      mine: try await storage.playlists.playlists(ownedBy: principal.userID),
      shared: try await storage.playlists.sharedPlaylists(for: principal.userID))
  }

  public func create(name: String, description: String, trackIDs: [String] = [], by principal: Principal)
    async throws -> Playlist
  {
    try checkTracks(trackIDs)
    let time = now()
    let playlist = Playlist(
      id: String(newToken().filter { $0.isLetter || $0.isNumber }.prefix(12)), name: name, description: description,
      ownerId: principal.userID, ownerName: principal.username, isPublic: false, shareToken: nil,
      trackIds: trackIDs, createdAt: time, updatedAt: time)
    try await storage.playlists.insert(playlist)
    return playlist
  }

  /// A playlist the principal may see.
  public func visible(_ id: String, to principal: Principal) async throws -> Playlist {
    try await Self.visible(id, to: principal, in: storage.playlists)
  }

  public func change(_ id: String, name: String?, description: String?, isPublic: Bool?, by principal: Principal)
    async throws -> Playlist
  {
    try await modify(id, by: principal) { playlist in
      if let name { playlist.name = name }
      if let description { playlist.description = description }
      if let isPublic { playlist.isPublic = isPublic }
    }
  }

  public func edit(_ id: String, _ edit: QueueEdit, by principal: Principal) async throws -> Playlist {
    try checkTracks(edit.addedIDs)
    return try await modify(id, by: principal) { playlist in
      playlist.trackIds = try QueueEditor.apply(edit, to: playlist.trackIds, current: nil).items
    }
  }

  public func delete(_ id: String, by principal: Principal) async throws {
    try await storage.transaction { storage in
      _ = try await Self.editable(id, by: principal, in: storage.playlists)
      try await storage.playlists.delete(id: id)
    }
  }

  /// Makes (or keeps) a share link; revoking and sharing again gives a new one.
  public func share(_ id: String, by principal: Principal) async throws -> Playlist {
    let token = newToken()
    return try await modify(id, by: principal) { playlist in
      if playlist.shareToken == nil { playlist.shareToken = token }
    }
  }

  public func revokeShare(_ id: String, by principal: Principal) async throws -> Playlist {
    try await modify(id, by: principal) { $0.shareToken = nil }
  }

  /// Opening a link shows the playlist and changes nothing: a GET a foreign page can make the
  /// browser send must not add to the opener's lists.
  public func open(link token: String, by principal: Principal) async throws -> Playlist {
    guard !token.isEmpty, let playlist = try await storage.playlists.playlist(shareToken: token) else {
      throw CoreError(.notFound, "This share link does not exist or was revoked")
    }
    return playlist
  }

  /// `POST …/remember`: lists the link's playlist under the caller's shared playlists. Guests
  /// have no account to list it under.
  public func remember(link token: String, by principal: Principal) async throws -> Playlist {
    guard principal.role != .guest else { throw CoreError(.forbidden, "Guests cannot do that") }
    let playlist = try await open(link: token, by: principal)
    if playlist.ownerId != principal.userID {
      try await storage.playlists.rememberLink(userID: principal.userID, playlistID: playlist.id)
    }
    return playlist
  }

  /// `POST /api/playlists/shared/:token`: a copy owned by the caller.
  public func copy(link token: String, by principal: Principal) async throws -> Playlist {
    let original = try await open(link: token, by: principal)
    let unknown = Set(unknownTracks(original.trackIds))
    return try await create(
      name: original.name, description: original.description,
      trackIDs: original.trackIds.filter { !unknown.contains($0) }, by: principal)
  }

  private func checkTracks(_ ids: [String]) throws {
    if let unknown = unknownTracks(ids).first { throw CoreError.invalid("Unknown track ID: \(unknown)") }
  }

  /// Reads, changes and writes one playlist in one transaction, so two edits at once never lose
  /// one of them.
  private func modify(
    _ id: String, by principal: Principal, _ change: @escaping @Sendable (inout Playlist) throws -> Void
  ) async throws -> Playlist {
    let time = now()
    return try await storage.transaction { storage in
      var playlist = try await Self.editable(id, by: principal, in: storage.playlists)
      try change(&playlist)
      playlist.updatedAt = time
      try await storage.playlists.update(playlist)
      return playlist
    }
  }

  private static func visible(_ id: String, to principal: Principal, in store: any PlaylistStore) async throws
    -> Playlist
  {
    guard let playlist = try await store.playlist(id: id),
      playlist.isPublic || principal.mayEdit(ownedBy: playlist.ownerId) || playlist.ownerId == principal.userID
    else { throw CoreError(.notFound, "No such playlist") }
    return playlist
  }

  /// A playlist the principal may change: 404 when they cannot see it, 403 when they only can.
  private static func editable(_ id: String, by principal: Principal, in store: any PlaylistStore) async throws
    -> Playlist
  {
    let playlist = try await visible(id, to: principal, in: store)
    guard principal.mayEdit(ownedBy: playlist.ownerId) else {
      throw CoreError(.forbidden, "Only the playlist's owner may change it")
    }
    return playlist
  }
}
