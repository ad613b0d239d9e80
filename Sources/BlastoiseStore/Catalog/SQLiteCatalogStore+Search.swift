import BlastoiseCore
import BlastoiseProtocol

/// Search: candidates of each kind read from `search_words` in index order — words of the name
/// before those of the rest, then by word and shortest name — among entries whose text holds
/// every other term, then ranked by `SearchTerms`.
extension SQLiteCatalogStore {
  public func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults {
    let found = try await access.read { connection in
      let candidates = SearchCandidates(terms: terms, count: min(limit * 3, 300), connection: connection)
      let artists = try connection.query(
        "SELECT * FROM artists WHERE id IN (SELECT value FROM json_each(?))", candidates.refs(.artist))
      let albums = try connection.query(
        "SELECT * FROM albums WHERE id IN (SELECT value FROM json_each(?))", candidates.refs(.album))
      let tracks = try connection.query(
        "SELECT * FROM track_rows WHERE id IN (SELECT value FROM json_each(?))", candidates.refs(.track))
      return SearchResults(
        artists: artists.compactMap(CatalogRows.artist), albums: albums.compactMap(CatalogRows.album),
        tracks: tracks.compactMap(TrackRow.track))
    }
    // Ranked here, off the database's queue: folding every candidate's name is the costly part.
    return SearchResults(
      artists: terms.ranked(found.artists, name: \.name, limit: limit),
      albums: terms.ranked(found.albums, name: \.name, limit: limit),
      tracks: terms.ranked(found.tracks, name: \.title, limit: limit))
  }
}

/// The first `count` entries of a kind that match: the driver starts one of their words (?2 ≤
/// word < ?3) and their text holds each other term's needle (?4–?6; " " stands for none, since
/// every text holds it).
private struct SearchCandidates {
  let terms: SearchTerms
  let count: Int
  let connection: SQLiteConnection

  /// A JSON array of the candidates' IDs.
  func refs(_ kind: SearchIndex.Kind) throws -> SQLiteValue {
    let others = (0..<(SearchTerms.maximumTerms - 1)).map { index in
      SQLiteValue.text(index < terms.others.count ? SearchEntry.needle(terms.others[index]) : " ")
    }
    let rows = try connection.query(
      """
      SELECT w.ref FROM search_words w JOIN search_entries e ON e.kind = w.kind AND e.ref = w.ref
      WHERE w.kind = ?1 AND w.field IN (0, 1) AND w.word >= ?2 AND w.word < ?3
        AND instr(e.text, ?4) AND instr(e.text, ?5) AND instr(e.text, ?6)
      LIMIT ?7
      """, .integer(kind.rawValue), .text(terms.driver), .text(SearchEntry.upperBound(ofPrefix: terms.driver)),
      others[0], others[1], others[2], SQLiteValue(count))
    return .text(try StringListColumn.encode(rows.compactMap { $0.string("ref") }))
  }
}
