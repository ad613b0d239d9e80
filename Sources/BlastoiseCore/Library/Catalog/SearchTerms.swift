/// A search as the catalog runs it: the folded words of what was typed, each matching the start
/// of a word ("hljo" finds "Hljóð"), all of them in one artist, album or track.
public struct SearchTerms: Sendable, Equatable {
  /// At most this many terms are matched; more narrow nothing down in names this short.
  public static let maximumTerms = 4

  /// The folded words, joined by one space.
  public let phrase: String
  public let words: [String]
  /// The term to look up first: the longest, usually the rarest (the first of equals).
  public let driver: String
  /// The terms besides the driver.
  public let others: [String]

  /// Nil when the text holds no letters or digits.
  public init?(_ text: String) {
    let words = Array(SearchText.words(text).prefix(Self.maximumTerms))
    var driverIndex = 0
    for (index, word) in words.enumerated() where word.count > words[driverIndex].count { driverIndex = index }
    guard driverIndex < words.count else { return nil }
    self.words = words
    phrase = words.joined(separator: " ")
    driver = words[driverIndex]
    others = words.enumerated().filter { $0.offset != driverIndex }.map(\.element)
  }

  /// Better matches first: the name is the phrase, then names starting with it, then names holding
  /// every term, then matches through another field (a track's artist or album); within each,
  /// shorter names first, then alphabetical. `foldedName` is an item's name as `SearchEntry.name`
  /// folds it (stores keep it, so ranking folds nothing).
  public func ranked<Item>(_ items: [Item], foldedName: (Item) -> String, limit: Int) -> [Item] {
    // Folded names compare as bytes: String's comparison normalizes every non-ASCII name again.
    let keyed = items.map { item -> (rank: Int, length: Int, folded: String, item: Item) in
      let folded = foldedName(item)
      return (rank(ofName: folded), folded.unicodeScalars.count, folded, item)
    }
    let sorted = keyed.sorted { a, b in
      if a.rank != b.rank { return a.rank < b.rank }
      if a.length != b.length { return a.length < b.length }
      return a.folded.utf8.lexicographicallyPrecedes(b.folded.utf8)
    }
    return sorted.prefix(limit).map(\.item)
  }

  /// 0: the folded name is the phrase; 1: it starts with it; 2: every term starts a word of it;
  /// 3: otherwise.
  func rank(ofName folded: String) -> Int {
    if folded.utf8.elementsEqual(phrase.utf8) { return 0 }
    if folded.utf8.starts(with: phrase.utf8) { return 1 }
    let nameWords = folded.utf8.split(separator: UInt8(ascii: " "))
    return words.allSatisfy { term in nameWords.contains { $0.starts(with: term.utf8) } } ? 2 : 3
  }
}
