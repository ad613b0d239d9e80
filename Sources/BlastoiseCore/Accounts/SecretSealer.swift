/// Seals a secret the server must read back later (an app password, for the Subsonic API's
/// `t = md5(secret + salt)`, which a hash cannot check) with a key the database does not hold,
/// so a copy of the database alone does not give the secrets away.
public protocol SecretSealer: Sendable {
  /// The sealed secret as text.
  func seal(_ secret: String) -> String
  /// The secret, or nil when `sealed` was not sealed with this key.
  func open(_ sealed: String) -> String?
}
