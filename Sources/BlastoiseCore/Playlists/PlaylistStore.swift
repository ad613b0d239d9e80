import BlastoiseProtocol

/// What playlists need from storage. `Playlist` values come back with `ownerName` filled.
public protocol PlaylistStore: Sendable {
  func insert(_ playlist: Playlist) async throws
  func update(_ playlist: Playlist) async throws
  func delete(id: String) async throws
  func playlist(id: String) async throws -> Playlist?
  func playlist(shareToken: String) async throws -> Playlist?
  func playlists(ownedBy userID: Int) async throws -> [Playlist]
  /// Public playlists of others plus those `userID` opened through a share link.
  func sharedPlaylists(for userID: Int) async throws -> [Playlist]
  func rememberLink(userID: Int, playlistID: String) async throws
}
