import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared

/// The catalog's reads: albums, artists and genres in the orders their indexes keep. Every album
/// query takes the genre as ?1 (NULL: all albums), the limit as ?2 and the offset as ?3.
public struct SQLiteCatalogStore: CatalogStore {
  let access: SQLiteAccess

  public func albums(_ order: AlbumOrder, genreID: String?, page: PageRange) async throws -> Page<Album> {
    try await access.read { connection in
      let (genre, limit, offset) = (SQLiteValue(genreID), SQLiteValue(page.limit), SQLiteValue(page.offset))
      let rows: [SQLiteRow]
      switch order {
      case .name:
        rows = try connection.query(
          """
          SELECT * FROM albums WHERE ?1 IS NULL OR id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY name_key, id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset)
      case .artist:
        rows = try connection.query(
          """
          SELECT * FROM albums WHERE ?1 IS NULL OR id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY artist_key, year, name_key, id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset)
      case .year:
        rows = try connection.query(
          """
          SELECT * FROM albums WHERE ?1 IS NULL OR id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY coalesce(year, 100000), name_key, id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset)
      case .added:
        rows = try connection.query(
          """
          SELECT * FROM albums WHERE ?1 IS NULL OR id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY added_at DESC, id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset)
      case .random(let seed):
        let shuffle = ShuffleOrder(seed: seed)
        rows = try connection.query(
          """
          SELECT * FROM albums WHERE ?1 IS NULL OR id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY (shuffle_key * ?4 + ?5) % 2147483647, id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset, .integer(shuffle.multiplier), .integer(shuffle.offset))
      case .played(let userID):
        rows = try connection.query(
          """
          SELECT a.* FROM albums a
          LEFT JOIN annotations n ON n.user_id = ?4 AND n.kind = 'albums' AND n.item_id = a.id
          WHERE ?1 IS NULL OR a.id IN (SELECT album_id FROM album_genres WHERE genre_id = ?1)
          ORDER BY coalesce(n.play_count, 0) DESC, a.name_key, a.id LIMIT ?2 OFFSET ?3
          """, genre, limit, offset, SQLiteValue(userID))
      }
      // Counted apart: `?1 IS NULL OR …` would test every album.
      let total =
        if let genreID {
          try connection.queryOne("SELECT count(*) AS n FROM album_genres WHERE genre_id = ?", .text(genreID))
        } else {
          try connection.queryOne("SELECT count(*) AS n FROM albums")
        }
      return Page(
        items: rows.compactMap(Album.init(row:)), total: StoreRow.count(total), offset: page.offset,
        limit: page.limit, seed: order.seed)
    }
  }

  public func album(id: String) async throws -> AlbumDetail? {
    try await access.read { connection in
      guard
        let album = try connection.queryOne("SELECT * FROM albums WHERE id = ?", .text(id)).flatMap(Album.init(row:))
      else { return nil }
      let tracks = try connection.query(
        "SELECT * FROM track_rows WHERE album_id = ? AND available = 1 ORDER BY order_key", .text(id))
      return AlbumDetail(album: album, tracks: tracks.compactMap(Track.init(row:)))
    }
  }

  public func artists(_ order: ArtistOrder, page: PageRange) async throws -> Page<Artist> {
    try await access.read { connection in
      let (limit, offset) = (SQLiteValue(page.limit), SQLiteValue(page.offset))
      let rows: [SQLiteRow]
      switch order {
      case .name:
        rows = try connection.query("SELECT * FROM artists ORDER BY name_key, id LIMIT ? OFFSET ?", limit, offset)
      case .added:
        rows = try connection.query("SELECT * FROM artists ORDER BY added_at DESC, id LIMIT ? OFFSET ?", limit, offset)
      case .random(let seed):
        let shuffle = ShuffleOrder(seed: seed)
        rows = try connection.query(
          "SELECT * FROM artists ORDER BY (shuffle_key * ?3 + ?4) % 2147483647, id LIMIT ?1 OFFSET ?2", limit, offset,
          .integer(shuffle.multiplier), .integer(shuffle.offset))
      case .played(let userID):
        rows = try connection.query(
          """
          SELECT a.* FROM artists a
          LEFT JOIN annotations n ON n.user_id = ?3 AND n.kind = 'artists' AND n.item_id = a.id
          ORDER BY coalesce(n.play_count, 0) DESC, a.name_key, a.id LIMIT ?1 OFFSET ?2
          """, limit, offset, SQLiteValue(userID))
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
        let artist = try connection.queryOne("SELECT * FROM artists WHERE id = ?", .text(id)).flatMap(
          Artist.init(row:))
      else { return nil }
      let albums = try connection.query(
        "SELECT * FROM albums WHERE artist_id = ? ORDER BY coalesce(year, 100000), name_key, id", .text(id))
      let appearsOn = try connection.query(
        """
        SELECT * FROM albums WHERE id IN (SELECT album_id FROM tracks WHERE artist_id = ?1 AND available = 1)
          AND artist_id IS NOT ?1
        ORDER BY coalesce(year, 100000), name_key, id
        """, .text(id))
      return ArtistDetail(
        artist: artist, albums: albums.compactMap(Album.init(row:)), appearsOn: appearsOn.compactMap(Album.init(row:))
      )
    }
  }

  public func genres(page: PageRange) async throws -> Page<Genre> {
    try await access.read { connection in
      let rows = try connection.query(
        "SELECT * FROM genres ORDER BY name_key, id LIMIT ? OFFSET ?", SQLiteValue(page.limit), SQLiteValue(page.offset)
      )
      let total = try connection.queryOne("SELECT count(*) AS n FROM genres")
      return Page(
        items: rows.compactMap(Genre.init(row:)), total: StoreRow.count(total), offset: page.offset,
        limit: page.limit)
    }
  }
}
