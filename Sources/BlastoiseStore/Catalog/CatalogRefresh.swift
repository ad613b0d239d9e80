import BlastoiseCore

/// Brings the catalog in step with the tracks one write changed (`SQLiteLibraryStore.apply`),
/// inside that write. The catalog holds present tracks only: a track's genres and search words
/// exist while one of its files is present, and albums, artists and genres are recomputed from
/// the present tracks wherever a changed track was or now is.
struct CatalogRefresh {
  let connection: SQLiteConnection
  private var tracks: [String] = []
  private var trackSet = Set<String>()
  var albums = Set<String>()
  var artists = Set<String>()
  var genres = Set<String>()

  init(connection: SQLiteConnection) {
    self.connection = connection
  }

  /// A track whose tags, files or presence are about to change: where it is now is noted, so the
  /// albums and artists it leaves are recomputed too.
  mutating func willChange(track id: String) throws {
    guard trackSet.insert(id).inserted else { return }
    tracks.append(id)
    if let row = try connection.queryOne(
      "SELECT album_id, album_artist_id, artist_id FROM tracks WHERE id = ?", .text(id))
    {
      notePlacement(row)
    }
  }

  /// After the changes: each changed track, then the albums, artists and genres they touched.
  mutating func finish() throws {
    for id in tracks { try refreshTrack(id) }
    for id in albums { try refreshAlbum(id) }
    for id in artists { try refreshArtist(id) }
    for id in genres { try refreshGenre(id) }
  }

  mutating func notePlacement(_ row: SQLiteRow) {
    if let album = row.string("album_id") { albums.insert(album) }
    for column in ["album_artist_id", "artist_id"] {
      if let artist = row.string(column) { artists.insert(artist) }
    }
  }

  /// Whether the track is present now; its genre rows and search words follow.
  private mutating func refreshTrack(_ id: String) throws {
    guard
      let row = try connection.queryOne(
        """
        UPDATE tracks SET available = EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = tracks.id AND f.present = 1)
        WHERE id = ? RETURNING available, album_id, album_artist_id, artist_id, genres, title, filename, artist, album
        """, .text(id))
    else { return }
    notePlacement(row)
    for old in try connection.query("DELETE FROM track_genres WHERE track_id = ? RETURNING genre_id", .text(id)) {
      if let genre = old.string("genre_id") { genres.insert(genre) }
    }
    guard row.bool("available") == true else {
      try SearchIndex.replace(.track, ref: id, with: nil, in: connection)
      return
    }
    for name in NameListColumn.decode(row.string("genres") ?? "") {
      let genre = CatalogKey.genreID(name)
      try connection.execute(
        "INSERT OR IGNORE INTO track_genres (genre_id, track_id, name) VALUES (?, ?, ?)", .text(genre), .text(id),
        .text(name))
      genres.insert(genre)
    }
    let title = row.string("title") ?? AudioFormats.fallbackTitle(forFilename: row.string("filename") ?? "")
    let entry = SearchEntry(name: title, rest: [row.string("artist"), row.string("album")])
    try SearchIndex.replace(.track, ref: id, with: entry, in: connection)
  }
}
