/// What a store indexes for one artist, album or track: the folded words of its name and of the
/// rest of it (a track's artist and album, an album's artist), each word once, and the text the
/// other terms of a search are checked against.
public struct SearchEntry: Sendable, Equatable {
  public enum Field: Int, Sendable {
    case name = 0
    case rest = 1
  }

  public struct Word: Sendable, Equatable {
    public let text: String
    public let field: Field
  }

  public let words: [Word]
  /// The folded name: its words joined by one space, as `SearchTerms.ranked` compares names.
  public let name: String
  /// Characters in the folded name: shorter names are read first.
  public var nameLength: Int { name.unicodeScalars.count }
  /// Every word, each after one space (" sigur ros hoppipolla"): a term starts a word exactly
  /// where `text` contains its `needle`.
  public let text: String

  public init(name: String, rest: [String?] = []) {
    let nameWords = SearchText.words(name)
    let restWords = SearchText.words(rest.compactMap { $0 }.joined(separator: " ")).filter {
      !nameWords.contains($0)
    }
    words = nameWords.map { Word(text: $0, field: .name) } + restWords.map { Word(text: $0, field: .rest) }
    self.name = nameWords.joined(separator: " ")
    text = (nameWords + restWords).map(Self.needle).joined()
  }

  /// What `text` contains where `term` starts a word.
  public static func needle(_ term: String) -> String { " " + term }

  /// The upper bound of the words that start with `prefix`, for a range `prefix ≤ word < bound`
  /// over text compared as UTF-8 bytes.
  public static func upperBound(ofPrefix prefix: String) -> String { prefix + "\u{10FFFF}" }
}
