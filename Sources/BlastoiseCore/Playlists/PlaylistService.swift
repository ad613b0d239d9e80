import BlastoiseProtocol
import Foundation

/// Playlists and their sharing rules. Owners (and admins) edit; others see public ones; a share
/// link shows a playlist to anyone signed in until it is revoked. Private playlists of others
/// answer 404, not 403, so their existence does not leak.
public struct PlaylistService: Sendable {
  private let store: any PlaylistStore
  private let unknownTracks: @Sendable ([String]) -> [String]
  private let newToken: @Sendable () -> String
  private let now: @Sendable () -> Int64

  /// `unknownTracks` returns the IDs that are not library tracks.
  public init(
    store: any PlaylistStore, unknownTracks: @escaping @Sendable ([String]) -> [String],
    newToken: @escaping @Sendable () -> String,
    now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
  ) {
    self.store = store
    self.unknownTracks = unknownTracks
    self.newToken = newToken
    self.now = now
  }

  public func bundle(for principal: Principal) throws -> PlaylistBundle {
    PlaylistBundle(
      mine: try store.playlists(ownedBy: principal.userID), shared: try store.sharedPlaylists(for: principal.userID))
  }

  public func create(name: String, description: String, trackIDs: [String] = [], by principal: Principal) throws
    -> Playlist
  {
    try checkTracks(trackIDs)
    let time = now()
    let playlist = Playlist(
      id: String(newToken().filter { $0.isLetter || $0.isNumber }.prefix(12)), name: name, description: description,
      ownerId: principal.userID, ownerName: principal.username, isPublic: false, shareToken: nil,
      trackIds: trackIDs, createdAt: time, updatedAt: time)
    try store.insert(playlist)
    return playlist
  }

  /// A playlist the principal may see.
  public func visible(_ id: String, to principal: Principal) throws -> Playlist {
    guard let playlist = try store.playlist(id: id),
      playlist.isPublic || principal.mayEdit(ownedBy: playlist.ownerId) || playlist.ownerId == principal.userID
    else { throw CoreError(.notFound, "No such playlist") }
    return playlist
  }

  /// A playlist the principal may change: 404 when they cannot see it, 403 when they only can.
  public func editable(_ id: String, by principal: Principal) throws -> Playlist {
    let playlist = try visible(id, to: principal)
    guard principal.mayEdit(ownedBy: playlist.ownerId) else {
      throw CoreError(.forbidden, "Only the playlist's owner may change it")
    }
    return playlist
  }

  public func change(_ id: String, name: String?, description: String?, isPublic: Bool?, by principal: Principal)
    throws -> Playlist
  {
    var playlist = try editable(id, by: principal)
    if let name { playlist.name = name }
    if let description { playlist.description = description }
    if let isPublic { playlist.isPublic = isPublic }
    return try save(&playlist)
  }

  public func edit(_ id: String, _ edit: QueueEdit, by principal: Principal) throws -> Playlist {
    var playlist = try editable(id, by: principal)
    try checkTracks(edit.addedIDs)
    playlist.trackIds = try QueueEditor.apply(edit, to: playlist.trackIds, current: nil).items
    return try save(&playlist)
  }

  public func delete(_ id: String, by principal: Principal) throws {
    _ = try editable(id, by: principal)
    try store.delete(id: id)
  }

  /// Makes (or keeps) a share link; revoking and sharing again gives a new one.
  public func share(_ id: String, by principal: Principal) throws -> Playlist {
    var playlist = try editable(id, by: principal)
    if playlist.shareToken == nil { playlist.shareToken = newToken() }
    return try save(&playlist)
  }

  public func revokeShare(_ id: String, by principal: Principal) throws -> Playlist {
    var playlist = try editable(id, by: principal)
    playlist.shareToken = nil
    return try save(&playlist)
  }

  /// Opening a link shows the playlist and lists it under the opener's shared playlists.
  public func open(link token: String, by principal: Principal) throws -> Playlist {
    guard !token.isEmpty, let playlist = try store.playlist(shareToken: token) else {
      throw CoreError(.notFound, "This share link does not exist or was revoked")
    }
    if playlist.ownerId != principal.userID, principal.role != .guest {
      try store.rememberLink(userID: principal.userID, playlistID: playlist.id)
    }
    return playlist
  }

  /// `POST /api/playlists/shared/:token`: a copy owned by the caller.
  public func copy(link token: String, by principal: Principal) throws -> Playlist {
    let original = try open(link: token, by: principal)
    let unknown = Set(unknownTracks(original.trackIds))
    return try create(
      name: original.name, description: original.description,
      trackIDs: original.trackIds.filter { !unknown.contains($0) }, by: principal)
  }

  private func checkTracks(_ ids: [String]) throws {
    if let unknown = unknownTracks(ids).first { throw CoreError.invalid("Unknown track ID: \(unknown)") }
  }

  private func save(_ playlist: inout Playlist) throws -> Playlist {
    playlist.updatedAt = now()
    try store.update(playlist)
    return playlist
  }
}
