import BlastoiseCore
import BlastoiseProtocol

/// Search: candidates of each kind read from `search_words` in index order — words of the name
/// before those of the rest, then by word and shortest name — among entries whose words hold
/// every other term; ranked by their folded names (`SearchTerms.ranked`), and only the best read
/// whole.
extension SQLiteCatalogStore {
  public func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults {
    try await access.read { connection in
      let candidates = SearchCandidates(terms: terms, count: min(limit * 3, 300), limit: limit, connection: connection)
      let artists = try connection.query(
        "SELECT * FROM artists WHERE id IN (SELECT value FROM json_each(?))", try candidates.best(.artist))
      let albums = try connection.query(
        "SELECT * FROM albums WHERE id IN (SELECT value FROM json_each(?))", try candidates.best(.album))
      let tracks = try connection.query(
        "SELECT * FROM track_rows WHERE id IN (SELECT value FROM json_each(?))", try candidates.best(.track))
      return SearchResults(
        artists: candidates.inRankOrder(artists.compactMap(CatalogRows.artist), .artist),
        albums: candidates.inRankOrder(albums.compactMap(CatalogRows.album), .album),
        tracks: candidates.inRankOrder(tracks.compactMap(TrackRow.track), .track))
    }
  }
}

/// The first `count` entries of a kind that match — the driver starts one of their words (?2 ≤
/// word < ?3) and their text holds each other term's needle (?4–?6; " " stands for none, since
/// every text holds it) — ranked, the best `limit` kept.
private final class SearchCandidates {
  let terms: SearchTerms
  let count: Int
  let limit: Int
  let connection: SQLiteConnection
  private var ranked: [SearchIndex.Kind: [String]] = [:]

  init(terms: SearchTerms, count: Int, limit: Int, connection: SQLiteConnection) {
    self.terms = terms
    self.count = count
    self.limit = limit
    self.connection = connection
  }

  /// A JSON array of the best entries' IDs.
  func best(_ kind: SearchIndex.Kind) throws -> SQLiteValue {
    let others = (0..<(SearchTerms.maximumTerms - 1)).map { index in
      SQLiteValue.text(index < terms.others.count ? SearchEntry.needle(terms.others[index]) : " ")
    }
    let rows = try connection.query(
      """
      SELECT w.ref, e.name FROM search_words w JOIN search_entries e ON e.kind = w.kind AND e.ref = w.ref
      WHERE w.kind = ?1 AND w.field IN (0, 1) AND w.word >= ?2 AND w.word < ?3
        AND instr(e.text, ?4) AND instr(e.text, ?5) AND instr(e.text, ?6)
      LIMIT ?7
      """, .integer(kind.rawValue), .text(terms.driver), .text(SearchEntry.upperBound(ofPrefix: terms.driver)),
      others[0], others[1], others[2], SQLiteValue(count))
    var seen = Set<String>()
    let entries = rows.compactMap { row -> (ref: String, name: String)? in
      guard let ref = row.string("ref"), let name = row.string("name"), seen.insert(ref).inserted else { return nil }
      return (ref, name)
    }
    let best = terms.ranked(entries, foldedName: \.name, limit: limit).map(\.ref)
    ranked[kind] = best
    return .text(try StringListColumn.encode(best))
  }

  /// `items` (read in any order) in the order `best` ranked them.
  func inRankOrder<Item: Identifiable>(_ items: [Item], _ kind: SearchIndex.Kind) -> [Item] where Item.ID == String {
    let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return (ranked[kind] ?? []).compactMap { byID[$0] }
  }
}
