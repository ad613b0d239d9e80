/// The query of `GET /api/photos`: `limit` (1–500, default 100), `before` (a page's `next`) and
/// `trashed=true` for the trash.
public struct PhotoPageQuery: Sendable, Equatable {
  public static let defaultLimit = 100

  public var limit: Int
  public var before: String?
  public var trashed: Bool

  public init(limit: Int = PhotoPageQuery.defaultLimit, before: String? = nil, trashed: Bool = false) {
    self.limit = limit
    self.before = before
    self.trashed = trashed
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    limit = try PageQuery.integer(parameters, "limit", in: 1...PageQuery.maximumLimit) ?? Self.defaultLimit
    before = parameters["before"]
    switch parameters["trashed"] {
    case nil, "false": trashed = false
    case "true": trashed = true
    default: throw InvalidQuery(message: "'trashed' must be true or false")
    }
  }

  public var parameters: [(String, String)] {
    [("limit", String(limit))] + (before.map { [("before", $0)] } ?? []) + (trashed ? [("trashed", "true")] : [])
  }
}

/// The query of `PUT /api/photos/backup`: the file's `name` (a name, never a path), the
/// `device` and its `assetId` when a phone sends it, and `takenAt` (ISO 8601 or milliseconds)
/// for a file whose own metadata has no date.
public struct PhotoUploadQuery: Sendable, Equatable {
  public var name: String
  public var device: String?
  public var assetId: String?
  public var takenAt: String?

  public init(name: String, device: String? = nil, assetId: String? = nil, takenAt: String? = nil) {
    self.name = name
    self.device = device
    self.assetId = assetId
    self.takenAt = takenAt
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    guard let name = parameters["name"], !name.isEmpty else { throw InvalidQuery(message: "'name' is required") }
    self.name = name
    device = parameters["device"].flatMap { $0.isEmpty ? nil : $0 }
    assetId = parameters["assetId"].flatMap { $0.isEmpty ? nil : $0 }
    takenAt = parameters["takenAt"].flatMap { $0.isEmpty ? nil : $0 }
    for (field, value) in [("device", device), ("assetId", assetId)] where (value?.utf8.count ?? 0) > 255 {
      throw InvalidQuery(message: "'\(field)' must be at most 255 bytes")
    }
  }

  public var parameters: [(String, String)] {
    [("name", name)] + (device.map { [("device", $0)] } ?? []) + (assetId.map { [("assetId", $0)] } ?? [])
      + (takenAt.map { [("takenAt", $0)] } ?? [])
  }
}

/// The sizes `GET /api/photos/:id/thumbnail?size=` makes (JPEG, fitting a square of that edge):
/// 256 for a timeline's grid, 1440 for a viewer (a browser that cannot show HEIC shows this).
public enum PhotoThumbnailSize: String, Sendable, CaseIterable {
  case small = "256"
  case large = "1440"

  public var pixels: Int { Int(rawValue)! }

  /// `size` from a query; absent is small.
  public init(parameters: [String: String]) throws(InvalidQuery) {
    guard let text = parameters["size"] else {
      self = .small
      return
    }
    guard let size = PhotoThumbnailSize(rawValue: text) else {
      throw InvalidQuery(message: "'size' must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    self = size
  }
}
