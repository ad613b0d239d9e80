import Foundation

/// Text as search and the catalog compare it: case, accents and letter variants folded, so
/// "hljod" finds "Hljóð" and "sigur ros" is the artist "Sigur Rós".
public enum SearchText {
  /// Lower case, compatibility-decomposed (NFKD) without combining marks, and the letters that
  /// have no decomposition written as their base letters (ð → d, æ → ae, ø → o, ß → ss, þ → th).
  /// Other scripts lose their marks alike (й → и, が → か): both sides of a comparison fold.
  public static func fold(_ text: String) -> String {
    var folded = String.UnicodeScalarView()
    for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if let base = baseLetters[scalar] {
        folded.append(contentsOf: base.unicodeScalars)
      } else {
        folded.append(scalar)
      }
    }
    return String(folded)
  }

  /// The folded words of `text`, each once, in order: runs of letters and digits. Apostrophes
  /// inside a word are dropped rather than splitting it ("Don't" → "dont").
  public static func words(_ text: String) -> [String] {
    var words: [String] = []
    var seen = Set<String>()
    var current = String.UnicodeScalarView()
    func finish() {
      guard !current.isEmpty else { return }
      let word = String(current)
      if seen.insert(word).inserted { words.append(word) }
      current = String.UnicodeScalarView()
    }
    for scalar in fold(text).unicodeScalars {
      if apostrophes.contains(scalar) { continue }
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        current.append(scalar)
      } else {
        finish()
      }
    }
    finish()
    return words
  }

  /// Lower-case letters that NFKD leaves whole, as the letters people type for them.
  static let baseLetters: [Unicode.Scalar: String] = [
    "ð": "d", "đ": "d", "þ": "th", "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "ħ": "h", "ı": "i",
    "ŧ": "t", "ŋ": "n", "ĸ": "k",
  ]

  static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}"]
}
