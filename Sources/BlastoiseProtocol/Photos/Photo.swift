/// A backed-up photo or video (additive; ours). Only its owner sees it.
public struct Photo: Codable, Sendable, Equatable {
  public var id: String
  /// The file name the client sent; the file on disk may carry a suffix after a clash.
  public var name: String
  /// Milliseconds since the epoch (UTC): the capture time from the file's metadata, else what the
  /// client said, else the file's time.
  public var takenAt: Int64
  /// "YYYY-MM" as the client reckoned the capture month, the folder it is filed under.
  public var month: String
  public var size: Int64
  /// Lower-case hex.
  public var sha256: String
  /// `image/jpeg`, `image/heic`, `video/mp4`, …
  public var contentType: String
  public var isVideo: Bool
  public var device: String?
  public var assetId: String?
  /// Milliseconds since the epoch: when the server stored it.
  public var addedAt: Int64
  /// When it was moved to the trash (purged 30 days later); absent when it is not there.
  public var trashedAt: Int64?

  public init(
    id: String, name: String, takenAt: Int64, month: String, size: Int64, sha256: String, contentType: String,
    isVideo: Bool, device: String? = nil, assetId: String? = nil, addedAt: Int64, trashedAt: Int64? = nil
  ) {
    self.id = id
    self.name = name
    self.takenAt = takenAt
    self.month = month
    self.size = size
    self.sha256 = sha256
    self.contentType = contentType
    self.isVideo = isVideo
    self.device = device
    self.assetId = assetId
    self.addedAt = addedAt
    self.trashedAt = trashedAt
  }
}

/// A page of the caller's photos, newest capture first; `next` (when present) is the `before`
/// of the next page.
public struct PhotoPage: Codable, Sendable, Equatable {
  public var photos: [Photo]
  public var next: String?

  public init(photos: [Photo], next: String? = nil) {
    self.photos = photos
    self.next = next
  }
}

/// `PUT /api/photos/backup`'s answer: 201 with `existing` false when the bytes were stored, 200
/// with `existing` true when the caller had them already (nothing was written).
public struct PhotoUpload: Codable, Sendable, Equatable {
  public var photo: Photo
  public var existing: Bool

  public init(photo: Photo, existing: Bool) {
    self.photo = photo
    self.existing = existing
  }
}

/// One item of `POST /api/photos/backup/check`, as the phone knows it: an iCloud photo has no
/// size or checksum until it is downloaded.
public struct PhotoCheckEntry: Codable, Sendable, Equatable {
  public var name: String
  /// "YYYY-MM" of the capture.
  public var month: String
  /// Bytes; absent or 0 when not known.
  public var size: Int64?
  /// Lower-case hex, when known.
  public var sha256: String?
  public var device: String?
  public var assetId: String?

  public init(
    name: String, month: String, size: Int64? = nil, sha256: String? = nil, device: String? = nil,
    assetId: String? = nil
  ) {
    self.name = name
    self.month = month
    self.size = size
    self.sha256 = sha256
    self.device = device
    self.assetId = assetId
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case name, month, size, sha256, device, assetId }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    month = try container.decode(String.self, forKey: .month)
    size = try container.decodeIfPresent(Int64.self, forKey: .size)
    sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
    device = try container.decodeIfPresent(String.self, forKey: .device)
    assetId = try container.decodeIfPresent(String.self, forKey: .assetId)
  }
}

public struct PhotoCheckRequest: Codable, Sendable, Equatable {
  public var items: [PhotoCheckEntry]

  public init(items: [PhotoCheckEntry]) { self.items = items }

  enum CodingKeys: String, CodingKey, CaseIterable { case items }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    items = try decoder.container(keyedBy: CodingKeys.self).decode([PhotoCheckEntry].self, forKey: .items)
  }
}

/// One answer per item, in the items' order: "have" or "send".
public struct PhotoCheckAnswer: Codable, Sendable, Equatable {
  public var results: [String]

  public init(results: [String]) { self.results = results }
}

/// A device the caller backs up from.
public struct PhotoDeviceInfo: Codable, Sendable, Equatable {
  public var name: String
  public var photos: Int
  public var bytes: Int64
  /// Milliseconds since the epoch: when it last sent a photo the server kept.
  public var lastBackupAt: Int64

  public init(name: String, photos: Int, bytes: Int64, lastBackupAt: Int64) {
    self.name = name
    self.photos = photos
    self.bytes = bytes
    self.lastBackupAt = lastBackupAt
  }
}

/// The caller's backup at a glance: devices, how much is kept, and the quota (absent: none).
/// The counts and unfinished uploads are additive (absent from an older server).
public struct PhotoBackupStatus: Codable, Sendable, Equatable {
  public var devices: [PhotoDeviceInfo]
  public var usedBytes: Int64
  public var quotaBytes: Int64?
  /// Photos and videos kept, and in the trash.
  public var photoCount: Int?
  public var trashedCount: Int?
  /// Resumable uploads begun and not finished, oldest first: they go on when their device backs
  /// up again, until they expire.
  public var unfinished: [PhotoUnfinishedUpload]?

  public init(
    devices: [PhotoDeviceInfo], usedBytes: Int64, quotaBytes: Int64? = nil, photoCount: Int? = nil,
    trashedCount: Int? = nil, unfinished: [PhotoUnfinishedUpload]? = nil
  ) {
    self.devices = devices
    self.usedBytes = usedBytes
    self.quotaBytes = quotaBytes
    self.photoCount = photoCount
    self.trashedCount = trashedCount
    self.unfinished = unfinished
  }
}

/// A resumable (tus) upload that stopped part way.
public struct PhotoUnfinishedUpload: Codable, Sendable, Equatable {
  public var name: String
  public var device: String?
  /// Bytes received of `length`.
  public var offset: Int64
  public var length: Int64
  /// Milliseconds since the epoch: when it began, and when it is dropped if not finished.
  public var createdAt: Int64
  public var expiresAt: Int64

  public init(name: String, device: String?, offset: Int64, length: Int64, createdAt: Int64, expiresAt: Int64) {
    self.name = name
    self.device = device
    self.offset = offset
    self.length = length
    self.createdAt = createdAt
    self.expiresAt = expiresAt
  }
}
