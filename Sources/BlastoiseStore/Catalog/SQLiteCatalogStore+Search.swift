import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared

/// Search (`SearchCandidates`): the best entries of each kind, then those read whole.
extension SQLiteCatalogStore {
  public func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults {
    try await access.read { connection in
      var candidates = SearchCandidates(
        terms: terms, limit: limit, statements: SQLiteCatalogStatements(connection: connection))
      let artists = try connection.query(
        "SELECT * FROM artists WHERE id IN (SELECT value FROM json_each(?))", .text(try candidates.best(.artist)))
      let albums = try connection.query(
        "SELECT * FROM albums WHERE id IN (SELECT value FROM json_each(?))", .text(try candidates.best(.album)))
      let tracks = try connection.query(
        "SELECT * FROM track_rows WHERE id IN (SELECT value FROM json_each(?))", .text(try candidates.best(.track)))
      return SearchResults(
        artists: candidates.inRankOrder(artists.compactMap(Artist.init(row:)), .artist),
        albums: candidates.inRankOrder(albums.compactMap(Album.init(row:)), .album),
        tracks: candidates.inRankOrder(tracks.compactMap(Track.init(row:)), .track))
    }
  }
}
