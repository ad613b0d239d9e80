import BlastoiseCore
import BlastoiseProtocol

/// `CatalogStore` for either backend: albums, artists and genres in the orders their indexes keep
/// (PostgreSQL's key columns are COLLATE "C", so both compare keys as bytes), and search
/// (`SearchCandidates` over the backend's `CatalogStatements`). Every album query takes the genre
/// as $1 (NULL: all albums), the limit as $2 and the offset as $3.
public struct SharedCatalogStore<Access: StoreAccess, Statements: CatalogStatements & SendableMetatype>: CatalogStore {
  private let access: Access
  private let statements: @Sendable (Access.Connection) -> Statements

  public init(access: Access, statements: @escaping @Sendable (Access.Connection) -> Statements) {
    self.access = access
    self.statements = statements
  }

  public func albums(_ order: AlbumOrder, genreID: String?, page: PageRange) async throws -> Page<Album> {
    try await access.read { connection in
      var values = [StoreValue(genreID), StoreValue(page.limit), StoreValue(page.offset)]
      let inGenre: StoreSQL =
        "CAST($1 AS text) IS NULL OR a.id IN (SELECT album_id FROM album_genres WHERE genre_id = $1)"
      let rows: [StoreRow]
      if case .played(let userID) = order {
        values.append(StoreValue(userID))
        rows = try connection.query(
          """
          SELECT a.* FROM albums a
          LEFT JOIN annotations n ON n.user_id = $4 AND n.kind = 'albums' AND n.item_id = a.id
          WHERE \(inGenre) ORDER BY coalesce(n.play_count, 0) DESC, a.name_key, a.id LIMIT $2 OFFSET $3
          """, values: values)
      } else {
        rows = try connection.query(
          "SELECT * FROM albums a WHERE \(inGenre) ORDER BY \(Self.albumKeys(order, &values)) LIMIT $2 OFFSET $3",
          values: values)
      }
      // Counted apart: `$1 IS NULL OR …` would test every album.
      let total =
        if let genreID {
          try connection.queryOne("SELECT count(*) AS n FROM album_genres WHERE genre_id = $1", .text(genreID))
        } else {
          try connection.queryOne("SELECT count(*) AS n FROM albums")
        }
      return Page(
        items: rows.compactMap(Album.init(row:)), total: StoreRow.count(total), offset: page.offset,
        limit: page.limit, seed: order.seed)
    }
  }

  /// The ORDER BY of an album order but `played` (its own join); a random one binds its shuffle
  /// as the next two values.
  private static func albumKeys(_ order: AlbumOrder, _ values: inout [StoreValue]) -> StoreSQL {
    switch order {
    case .name, .played: return "name_key, id"
    case .artist: return "artist_key, year, name_key, id"
    case .year: return "coalesce(year, 100000), name_key, id"
    case .added: return "added_at DESC, id"
    case .random(let seed): return shuffled(seed, &values, "$4", "$5")
    }
  }

  /// `(shuffle_key * m + o) % 2147483647, id`, m and o bound as the next two values (their
  /// parameters named by the caller).
  private static func shuffled(
    _ seed: UInt32, _ values: inout [StoreValue], _ multiplier: StoreSQL, _ offset: StoreSQL
  ) -> StoreSQL {
    let shuffle = ShuffleOrder(seed: seed)
    values += [.integer(shuffle.multiplier), .integer(shuffle.offset)]
    return "(shuffle_key * \(multiplier) + \(offset)) % 2147483647, id"
  }

  public func album(id: String) async throws -> AlbumDetail? {
    try await access.read { connection in
      guard
        let album = try connection.queryOne("SELECT * FROM albums WHERE id = $1", .text(id)).flatMap(Album.init(row:))
      else { return nil }
      let tracks = try connection.query(
        "SELECT * FROM track_rows WHERE album_id = $1 AND available = TRUE ORDER BY order_key", .text(id))
      return AlbumDetail(album: album, tracks: tracks.compactMap(Track.init(row:)))
    }
  }

  public func artists(_ order: ArtistOrder, page: PageRange) async throws -> Page<Artist> {
    try await access.read { connection in
      var values = [StoreValue(page.limit), StoreValue(page.offset)]
      let rows: [StoreRow]
      switch order {
      case .played(let userID):
        values.append(StoreValue(userID))
        rows = try connection.query(
          """
          SELECT a.* FROM artists a
          LEFT JOIN annotations n ON n.user_id = $3 AND n.kind = 'artists' AND n.item_id = a.id
          ORDER BY coalesce(n.play_count, 0) DESC, a.name_key, a.id LIMIT $1 OFFSET $2
          """, values: values)
      case .name, .added, .random:
        let keys: StoreSQL =
          switch order {
          case .added: "added_at DESC, id"
          case .random(let seed): Self.shuffled(seed, &values, "$3", "$4")
          default: "name_key, id"
          }
        rows = try connection.query("SELECT * FROM artists ORDER BY \(keys) LIMIT $1 OFFSET $2", values: values)
      }
      let total = try connection.queryOne("SELECT count(*) AS n FROM artists")
      return Page(
        items: rows.compactMap(Artist.init(row:)), total: StoreRow.count(total), offset: page.offset,
        limit: page.limit, seed: order.seed)
    }
  }

  public func artist(id: String) async throws -> ArtistDetail? {
    try await access.read { connection in
      guard
        let artist = try connection.queryOne("SELECT * FROM artists WHERE id = $1", .text(id)).flatMap(
          Artist.init(row:))
      else { return nil }
      let albums = try connection.query(
        "SELECT * FROM albums WHERE artist_id = $1 ORDER BY coalesce(year, 100000), name_key, id", .text(id))
      let appearsOn = try connection.query(
        """
        SELECT * FROM albums WHERE id IN (SELECT album_id FROM tracks WHERE artist_id = $1 AND available = TRUE)
          AND (artist_id IS NULL OR artist_id <> $1)
        ORDER BY coalesce(year, 100000), name_key, id
        """, .text(id))
      return ArtistDetail(
        artist: artist, albums: albums.compactMap(Album.init(row:)), appearsOn: appearsOn.compactMap(Album.init(row:)))
    }
  }

  public func genres(page: PageRange) async throws -> Page<Genre> {
    try await access.read { connection in
      let rows = try connection.query(
        "SELECT * FROM genres ORDER BY name_key, id LIMIT $1 OFFSET $2", StoreValue(page.limit),
        StoreValue(page.offset))
      let total = try connection.queryOne("SELECT count(*) AS n FROM genres")
      return Page(
        items: rows.compactMap(Genre.init(row:)), total: StoreRow.count(total), offset: page.offset,
        limit: page.limit)
    }
  }

  /// Search (`SearchCandidates`): the best entries of each kind, then those read whole.
  public func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults {
    try await access.read { [statements] connection in
      var candidates = SearchCandidates(terms: terms, limit: limit, statements: statements(connection))
      func rows(_ table: StoreSQL, _ kind: SearchKind) throws -> [StoreRow] {
        try connection.query(
          "SELECT * FROM \(table) WHERE id IN (\(connection.dialect.textList("$1")))", .text(try candidates.best(kind)))
      }
      let (artists, albums, tracks) = (
        try rows("artists", .artist), try rows("albums", .album), try rows("track_rows", .track)
      )
      return SearchResults(
        artists: candidates.inRankOrder(artists.compactMap(Artist.init(row:)), .artist),
        albums: candidates.inRankOrder(albums.compactMap(Album.init(row:)), .album),
        tracks: candidates.inRankOrder(tracks.compactMap(Track.init(row:)), .track))
    }
  }
}
