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
    let keyed = items.map { item -> (rank: Int, length: Int, folded: String, item: Item) in
      let folded = foldedName(item)
      return (rank(ofName: folded), folded.count, folded, item)
    }
    let sorted = keyed.sorted { ($0.rank, $0.length, $0.folded) < ($1.rank, $1.length, $1.folded) }
    return sorted.prefix(limit).map(\.item)
  }

  /// 0: the folded name is the phrase; 1: it starts with it; 2: every term starts a word of it;
  /// 3: otherwise.
  func rank(ofName folded: String) -> Int {
    if folded == phrase { return 0 }
    if folded.hasPrefix(phrase) { return 1 }
    let nameWords = folded.split(separator: " ")
    return words.allSatisfy { term in nameWords.contains { $0.hasPrefix(term) } } ? 2 : 3
  }
}
