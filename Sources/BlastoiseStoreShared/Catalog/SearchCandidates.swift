import BlastoiseCore
import BlastoiseProtocol

/// Search over the folded word index: candidates of each kind read in index order of the rarest
/// term — words of the name before those of the rest, then by word and shortest name — among
/// entries whose words hold every other term; ranked by their folded names (`SearchTerms.ranked`), and only the best
/// read whole.
public struct SearchCandidates<Statements: CatalogStatements> {
  let terms: SearchTerms
  let limit: Int
  let statements: Statements
  private var ranked: [SearchKind: [String]] = [:]

  public init(terms: SearchTerms, limit: Int, statements: Statements) {
    self.terms = terms
    self.limit = limit
    self.statements = statements
  }

  /// The IDs of the best `limit` entries of `kind`, best first, as a JSON array (to bind as one
  /// list). A few times the limit are read, at most 300: the ranking's pick among them.
  public mutating func best(_ kind: SearchKind) throws -> String {
    guard let driver = try driver(kind) else {
      ranked[kind] = []
      return try StringListColumn.encode([])
    }
    // Each other term's needle; " " stands for none, since every text holds it.
    let others = terms.words.filter { $0 != driver }
    let needles = (0..<(SearchTerms.maximumTerms - 1)).map { index in
      index < others.count ? SearchEntry.needle(others[index]) : " "
    }
    let rows = try statements.searchCandidates(
      kind, lower: driver, upper: SearchEntry.upperBound(ofPrefix: driver), needles: needles,
      count: min(limit * 3, 300))
    var seen = Set<String>()
    let entries = rows.compactMap { row -> (ref: String, name: String)? in
      guard let ref = row.string("ref"), let name = row.string("name"), seen.insert(ref).inserted else { return nil }
      return (ref, name)
    }
    let best = terms.ranked(entries, foldedName: \.name, limit: limit).map(\.ref)
    ranked[kind] = best
    return try StringListColumn.encode(best)
  }

  /// Index entries counted per term, at most: enough to tell a rare term from a common one.
  static var countCap: Int { 2000 }

  /// The term whose index range is read for `kind`: of several, the one with the fewest index
  /// entries (counted up to `countCap`; the longest of equals), since every candidate read is
  /// checked against the other terms, and a common driver with a rare other term would read its
  /// whole range to find a few. Nil when a term starts no word of `kind` at all.
  func driver(_ kind: SearchKind) throws -> String? {
    guard terms.words.count > 1 else { return terms.driver }
    var best: (word: String, count: Int)?
    for word in terms.words {
      let count = try statements.searchWordCount(
        kind, lower: word, upper: SearchEntry.upperBound(ofPrefix: word), cap: Self.countCap)
      if count == 0 { return nil }
      if let chosen = best, chosen.count < count || (chosen.count == count && chosen.word.count >= word.count) {
        continue
      }
      best = (word, count)
    }
    return best?.word
  }

  /// `items` (read in any order) in the order `best` ranked them.
  public func inRankOrder<Item: Identifiable>(_ items: [Item], _ kind: SearchKind) -> [Item] where Item.ID == String {
    let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return (ranked[kind] ?? []).compactMap { byID[$0] }
  }
}
