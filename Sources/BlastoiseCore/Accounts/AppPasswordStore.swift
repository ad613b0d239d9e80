import BlastoiseProtocol

/// Per-app secrets of accounts (`AccountService` makes and checks them). The secret's SHA-256 is
/// what sign-ins look up, like session tokens' (the secret is 256 random bits, so a fast hash is
/// enough); the secret is also kept sealed, for token authentication, which needs the secret
/// itself. Times are milliseconds since 1970.
public protocol AppPasswordStore: Sendable {
  func create(_ password: StoredAppPassword) async throws
  /// The account's app passwords, the newest first.
  func list(userID: Int) async throws -> [StoredAppPassword]
  /// False when the account has no such app password.
  @discardableResult
  func delete(id: String, userID: Int) async throws -> Bool
  /// The app password with this secret hash, and its account.
  func find(secretHash: String) async throws -> (StoredAppPassword, StoredUser)?
  func markUsed(id: String, at time: Int64) async throws
}

public struct StoredAppPassword: Sendable, Equatable {
  public let id: String
  public let userID: Int
  public let name: String
  public let secretHash: String
  public let createdAt: Int64
  public let lastUsedAt: Int64?
  /// The secret itself, sealed (`SecretSealer`): nil for one made before secrets were sealed,
  /// which token authentication cannot use.
  public let sealedSecret: String?

  public init(
    id: String, userID: Int, name: String, secretHash: String, createdAt: Int64, lastUsedAt: Int64? = nil,
    sealedSecret: String? = nil
  ) {
    self.id = id
    self.userID = userID
    self.name = name
    self.secretHash = secretHash
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.sealedSecret = sealedSecret
  }

  public var info: AppPasswordInfo { AppPasswordInfo(id: id, name: name, createdAt: createdAt, lastUsedAt: lastUsedAt) }
}
