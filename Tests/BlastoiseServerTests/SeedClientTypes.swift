import Foundation

// The auth shapes exactly as the seed's iOS client (docs/architecture.md, "The seed") decodes
// them: if these decode our answers, that client works against this server unchanged.

struct SeedUserSession: Decodable {
  let id: Int
  let username: String
  let isAdmin: Bool
  let isGuest: Bool
  let permissions: [SeedPermission]

  enum CodingKeys: String, CodingKey {
    case id, username, isAdmin, isGuest, permissions
    case isAdminSnake = "is_admin"
    case isGuestSnake = "is_guest"
  }

  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decodeIfPresent(Int.self, forKey: .id) ?? 0
    username = try c.decodeIfPresent(String.self, forKey: .username) ?? "guest"
    isAdmin =
      try c.decodeIfPresent(Bool.self, forKey: .isAdmin) ?? c.decodeIfPresent(Bool.self, forKey: .isAdminSnake) ?? false
    isGuest =
      try c.decodeIfPresent(Bool.self, forKey: .isGuest) ?? c.decodeIfPresent(Bool.self, forKey: .isGuestSnake) ?? false
    permissions = try c.decodeIfPresent([SeedPermission].self, forKey: .permissions) ?? []
  }
}

struct SeedPermission: Decodable {
  let resourceType: String
  let resourceId: String?
  let permission: String
}

struct SeedAuthEnvelope: Decodable {
  let user: SeedUserSession?
  let permissions: [SeedPermission]
}
