import BlastoiseCore
import BlastoiseProtocol

/// Search over the folded word index: candidates of each kind read in index order — words of the
/// name before those of the rest, then by word and shortest name — among entries whose words
/// hold every other term; ranked by their folded names (`SearchTerms.ranked`), and only the best
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
    // Each other term's needle; " " stands for none, since every text holds it.
    let needles = (0..<(SearchTerms.maximumTerms - 1)).map { index in
      index < terms.others.count ? SearchEntry.needle(terms.others[index]) : " "
    }
    let rows = try statements.searchCandidates(
      kind, lower: terms.driver, upper: SearchEntry.upperBound(ofPrefix: terms.driver), needles: needles,
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

  /// `items` (read in any order) in the order `best` ranked them.
  public func inRankOrder<Item: Identifiable>(_ items: [Item], _ kind: SearchKind) -> [Item] where Item.ID == String {
    let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return (ranked[kind] ?? []).compactMap { byID[$0] }
  }
}
