import Foundation

/// Two rooms a person sees never share a name: a name already taken (by case and width alike,
/// "Jazz" and "ＪＡＺＺ" are one) becomes the first free "Name 2", "Name 3"… (cut to fit the 80
/// characters a name may have).
public enum RoomNameChoice {
  public static let longest = 80

  public static func distinct(_ name: String, from taken: [String]) -> String {
    let keys = Set(taken.map(key))
    guard keys.contains(key(name)) else { return name }
    for number in 2... {
      let suffix = " \(number)"
      let candidate = String(name.prefix(longest - suffix.count)).trimmingCharacters(in: .whitespaces) + suffix
      if !keys.contains(key(candidate)) { return candidate }
    }
    return name
  }

  /// Names compared as people read them: compatibility-normalized, case-folded.
  static func key(_ name: String) -> String {
    name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
  }
}
