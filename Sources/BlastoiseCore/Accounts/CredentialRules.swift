import BlastoiseProtocol
import Foundation

/// What a username and a password must be.
public enum CredentialRules {
  public static let usernameLength = 1...32
  public static let passwordLength = 8...256
  /// The rules as `/api/status` tells a sign-up form.
  public static let published = ServerStatus.Credentials(
    usernameMaxLength: usernameLength.upperBound, passwordMinLength: passwordLength.lowerBound,
    passwordMaxLength: passwordLength.upperBound)

  /// The username as stored (trimmed, NFKC) and its key for uniqueness and lookup. Names that
  /// mix Latin, Greek and Cyrillic letters are refused: `аdmin` with a Cyrillic `а` would pass
  /// for `admin` on screen but not in the key.
  public static func username(_ raw: String) throws(CoreError) -> (display: String, key: String) {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCompatibilityMapping
    guard usernameLength.contains(trimmed.count) else {
      throw CoreError.invalid("Username must be 1–32 characters")
    }
    let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
    guard trimmed.unicodeScalars.allSatisfy({ !invisible.contains($0.properties.generalCategory) }) else {
      throw CoreError.invalid("Username must not contain control characters")
    }
    guard Set(trimmed.unicodeScalars.compactMap(LetterScript.init)).count <= 1 else {
      throw CoreError.invalid("Username must not mix Latin, Greek and Cyrillic letters")
    }
    return (trimmed, key(for: trimmed))
  }

  /// The lookup key for a username as typed: trimmed, NFKC, case-folded, NFKC again (folding
  /// can undo the normal form), so full-width or differently-cased spellings meet one key.
  public static func key(for username: String) -> String {
    username.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCompatibilityMapping
      .folding(options: .caseInsensitive, locale: nil).precomposedStringWithCompatibilityMapping
  }

  /// The key builds before NFKC and folding stored: accounts made then are still found by it.
  public static func legacyKey(for username: String) -> String {
    username.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  public static func password(_ password: String) throws(CoreError) {
    guard passwordLength.contains(password.count), password.utf8.count <= 1024 else {
      throw CoreError.invalid("Password must be 8–256 characters")
    }
  }
}

/// The scripts whose letters look alike (Unicode blocks; Swift has no script property).
private enum LetterScript {
  case latin, greek, cyrillic

  init?(_ scalar: Unicode.Scalar) {
    guard scalar.properties.isAlphabetic else { return nil }
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: self = .latin
    case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
    case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
    default: return nil
    }
  }
}
