import BlastoiseProtocol

/// A person's backed-up photos and videos. A file is theirs alone; the same bytes are kept once
/// per person (`add` answers the photo already there).
public protocol PhotoStore: Sendable {
  /// Stores `photo` unless the person has its bytes already; answers the stored one either way.
  func add(_ photo: StoredPhoto) async throws -> PhotoAdded
  func photo(id: String, userID: Int) async throws -> StoredPhoto?
  /// The person's photo with these bytes, trashed or not.
  func photo(sha256: String, userID: Int) async throws -> StoredPhoto?
  /// What the person has, as a backup check compares it (trashed ones too: a photo deleted on
  /// the server is not sent again by the phone that still has it).
  func known(userID: Int) async throws -> [PhotoKnown]
  /// Newest capture first, then newest ID; trashed ones only with `trashed`.
  func photos(userID: Int, trashed: Bool, limit: Int, before: PhotoCursor?) async throws -> [StoredPhoto]
  /// How much the person keeps: bytes (trashed ones included: they are still on disk) and
  /// counts.
  func usage(userID: Int) async throws -> PhotoUsage
  /// Moves a photo to the trash (`at`) or back out of it (nil); false when there is no such photo.
  func setTrashed(id: String, userID: Int, at: Int64?) async throws -> Bool
  /// Removes the rows of photos trashed before `before` and answers them (their files go next).
  func purge(trashedBefore before: Int64) async throws -> [StoredPhoto]
  /// Each device the person backs up from: how many photos, and when it last sent one.
  func devices(userID: Int) async throws -> [PhotoDeviceInfo]
}

public struct PhotoUsage: Sendable, Equatable {
  public var bytes: Int64
  /// Photos and videos out of the trash, and in it.
  public var kept: Int
  public var trashed: Int

  public init(bytes: Int64, kept: Int, trashed: Int) {
    self.bytes = bytes
    self.kept = kept
    self.trashed = trashed
  }
}

/// Where a page of photos ends: the next page starts after it.
public struct PhotoCursor: Sendable, Equatable {
  public var takenAt: Int64
  public var id: String

  public init(takenAt: Int64, id: String) {
    self.takenAt = takenAt
    self.id = id
  }
}

public enum PhotoAdded: Sendable, Equatable {
  case added(StoredPhoto)
  /// The person had these bytes already.
  case existing(StoredPhoto)

  public var photo: StoredPhoto {
    switch self {
    case .added(let photo), .existing(let photo): photo
    }
  }
}

public struct StoredPhoto: Sendable, Equatable {
  public var id: String
  public var userID: Int
  /// The file name the client sent (what a backup check matches).
  public var name: String
  /// Under the photos folder: `<person>/<YYYY>/<MM>/<name, suffixed on a clash>`.
  public var path: String
  /// Capture time, milliseconds since 1970 (UTC), and its month "YYYY-MM" as the client sees it.
  public var takenAt: Int64
  public var month: String
  public var size: Int64
  public var sha256: String
  public var format: PhotoFormat
  public var device: String?
  public var assetID: String?
  public var addedAt: Int64
  public var trashedAt: Int64?

  public init(
    id: String, userID: Int, name: String, path: String, takenAt: Int64, month: String, size: Int64,
    sha256: String, format: PhotoFormat, device: String?, assetID: String?, addedAt: Int64, trashedAt: Int64? = nil
  ) {
    self.id = id
    self.userID = userID
    self.name = name
    self.path = path
    self.takenAt = takenAt
    self.month = month
    self.size = size
    self.sha256 = sha256
    self.format = format
    self.device = device
    self.assetID = assetID
    self.addedAt = addedAt
    self.trashedAt = trashedAt
  }

  public var known: PhotoKnown {
    PhotoKnown(name: name, month: month, size: size, sha256: sha256, device: device, assetId: assetID)
  }
}
