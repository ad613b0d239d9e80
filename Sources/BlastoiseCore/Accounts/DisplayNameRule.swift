import Foundation

/// What a display name must be: what others see instead of the username.
public enum DisplayNameRule {
  public static let maxLength = 64

  /// The name as stored (trimmed, NFC); nil for an empty one, which clears it.
  public static func displayName(_ raw: String) throws(CoreError) -> String? {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    guard !trimmed.isEmpty else { return nil }
    guard trimmed.count <= maxLength else {
      throw CoreError.invalid("A display name is at most \(maxLength) characters")
    }
    let invisible: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
    guard trimmed.unicodeScalars.allSatisfy({ !invisible.contains($0.properties.generalCategory) }) else {
      throw CoreError.invalid("A display name must not contain control characters")
    }
    return trimmed
  }
}
