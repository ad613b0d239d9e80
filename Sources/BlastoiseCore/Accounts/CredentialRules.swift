import Foundation

/// What a username and a password must be.
public enum CredentialRules {
  public static let usernameLength = 1...32
  public static let passwordLength = 8...256

  /// The username as stored (trimmed) and its case-insensitive key for uniqueness and lookup.
  public static func username(_ raw: String) throws(CoreError) -> (display: String, key: String) {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard usernameLength.contains(trimmed.count) else {
      throw CoreError.invalid("Username must be 1–32 characters")
    }
    let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
    guard trimmed.unicodeScalars.allSatisfy({ !invisible.contains($0.properties.generalCategory) }) else {
      throw CoreError.invalid("Username must not contain control characters")
    }
    return (trimmed, key(for: trimmed))
  }

  /// The lookup key for a username as typed at sign-in: trimmed, lower-cased, compared exactly.
  public static func key(for username: String) -> String {
    username.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  public static func password(_ password: String) throws(CoreError) {
    guard passwordLength.contains(password.count), password.utf8.count <= 1024 else {
      throw CoreError.invalid("Password must be 8–256 characters")
    }
  }
}
