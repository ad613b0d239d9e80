/// Where an import job is in its life:
///
/// ```
/// queued ──▶ downloading ──▶ processing ──▶ complete
///   │            │  │             │
///   │            │  └────────────┴──▶ error
///   └────────────┴────────────────────▶ cancelled
/// downloading, processing ──▶ queued   (the server stopped; the download starts over)
/// ```
///
/// `complete`, `error` and `cancelled` are final; only final jobs are cleared.
public enum ImportJobStatus: String, Sendable, Equatable, CaseIterable {
  case queued
  case downloading
  /// Downloaded; audio being extracted or the file being added to the library.
  case processing
  case complete
  case error
  case cancelled

  public var isFinished: Bool { self == .complete || self == .error || self == .cancelled }

  public func canMove(to next: ImportJobStatus) -> Bool {
    switch (self, next) {
    case (.queued, .downloading), (.queued, .cancelled): true
    case (.downloading, .processing), (.downloading, .error), (.downloading, .cancelled), (.downloading, .queued): true
    case (.processing, .complete), (.processing, .error), (.processing, .cancelled), (.processing, .queued): true
    default: false
    }
  }
}

/// One import job as stored. `ownerName` and `ownerRole` come from the owner's account when read.
public struct ImportJobRecord: Sendable, Equatable {
  public let id: String
  public let ownerID: Int
  public var ownerName: String
  public var ownerRole: Role
  public let url: String
  public var title: String
  public var status: ImportJobStatus
  public var error: String?
  public var trackID: String?
  /// The playlist a confirmed playlist import adds its tracks to, and this entry's place in it.
  public let playlistID: String?
  public let playlistIndex: Int?
  public let createdAt: Int64
  public var updatedAt: Int64
  /// The download's percent as its node last stored it (throttled), for the other nodes.
  public var progress: Int

  public init(
    id: String, ownerID: Int, ownerName: String, ownerRole: Role, url: String, title: String,
    status: ImportJobStatus = .queued, error: String? = nil, trackID: String? = nil, playlistID: String? = nil,
    playlistIndex: Int? = nil, createdAt: Int64, updatedAt: Int64, progress: Int = 0
  ) {
    self.id = id
    self.ownerID = ownerID
    self.ownerName = ownerName
    self.ownerRole = ownerRole
    self.url = url
    self.title = title
    self.status = status
    self.error = error
    self.trackID = trackID
    self.playlistID = playlistID
    self.playlistIndex = playlistIndex
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.progress = progress
  }

  /// The owner acting later (a finished job adding its track to the owner's playlist).
  public var owner: Principal {
    Principal(userID: ownerID, username: ownerName, role: ownerRole, sessionID: "")
  }

  /// Owners see and cancel their jobs; admins all.
  public func isVisible(to principal: Principal) -> Bool {
    principal.role == .admin || principal.userID == ownerID
  }
}
