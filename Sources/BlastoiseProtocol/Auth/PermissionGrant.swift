/// One thing a user may do, as the seed's clients decode it. `resourceId` nil means "everywhere".
public struct PermissionGrant: Codable, Sendable, Hashable {
  public var resourceType: String
  public var resourceId: String?
  public var permission: String

  public init(resourceType: String, resourceId: String? = nil, permission: String) {
    self.resourceType = resourceType
    self.resourceId = resourceId
    self.permission = permission
  }

  enum CodingKeys: String, CodingKey { case resourceType, resourceId, permission }

  /// `resourceId` is always present on the wire, `null` when global.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(resourceType, forKey: .resourceType)
    try container.encode(resourceId, forKey: .resourceId)
    try container.encode(permission, forKey: .permission)
  }
}
