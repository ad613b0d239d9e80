import BlastoiseProtocol

/// What playlists need from storage. `Playlist` values come back with `ownerName` filled.
public protocol PlaylistStore: Sendable {
  func insert(_ playlist: Playlist) throws
  func update(_ playlist: Playlist) throws
  func delete(id: String) throws
  func playlist(id: String) throws -> Playlist?
  func playlist(shareToken: String) throws -> Playlist?
  func playlists(ownedBy userID: Int) throws -> [Playlist]
  /// Public playlists of others plus those `userID` opened through a share link.
  func sharedPlaylists(for userID: Int) throws -> [Playlist]
  func rememberLink(userID: Int, playlistID: String) throws
}
