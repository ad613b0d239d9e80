import BlastoiseProtocol

/// What a person is to the server. Permissions follow from the role alone (design: roles as
/// permissions); ownership adds the right to edit one's own rooms and playlists.
public enum Role: String, Sendable, Equatable {
  case admin
  case user
  case guest
}

/// Something a principal may be allowed to do anywhere on the server.
public enum Permission: String, Sendable, CaseIterable {
  /// Read channels, library and playlists shared with them; stream tracks; join sockets.
  case listen
  /// Pause, seek, jump, change mode.
  case control
  /// Edit room queues.
  case editQueue = "queue"
  case upload
  /// URL import through yt-dlp.
  case importURL = "import"
  /// Create rooms and playlists (and edit the ones they own).
  case create
  /// Manage users and edit anything.
  case administer = "admin"

  public static func granted(to role: Role) -> [Permission] {
    switch role {
    case .admin: allCases
    case .user: [.listen, .control, .editQueue, .upload, .importURL, .create]
    case .guest: [.listen]
    }
  }

  /// The wire form the seed's clients decode.
  public static func permissions(for role: Role) -> [PermissionGrant] {
    granted(to: role).map { PermissionGrant(resourceType: "global", resourceId: nil, permission: $0.rawValue) }
  }
}
