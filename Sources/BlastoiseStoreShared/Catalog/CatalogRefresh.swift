import BlastoiseCore

/// Brings the catalog in step with the tracks one write changed (`LibraryStore.apply`), inside
/// that write. The catalog holds present tracks only: a track's genres and search words exist
/// while one of its files is present, and albums, artists and genres are recomputed from the
/// present tracks wherever a changed track was or now is.
public struct CatalogRefresh<Statements: CatalogStatements> {
  /// What `saveAlbum` binds, in order.
  public static var albumColumns: [String] {
    [
      "id", "name", "artist", "artist_id", "year", "genres", "track_count", "disc_count", "duration", "compilation",
      "mb_album_id", "added_at", "name_key", "artist_key", "shuffle_key", "cover_id",
    ]
  }
  /// What `saveArtist` binds, in order.
  public static var artistColumns: [String] {
    ["id", "name", "album_count", "track_count", "mb_artist_id", "added_at", "name_key", "shuffle_key"]
  }

  let statements: Statements
  private var tracks: [String] = []
  private var trackSet = Set<String>()
  private var albums = Set<String>()
  private var artists = Set<String>()
  private var genres = Set<String>()

  public init(_ statements: Statements) {
    self.statements = statements
  }

  /// Tracks whose tags, files or presence are about to change: where each is now is noted (one
  /// batch of reads), so the albums and artists they leave are recomputed too.
  public mutating func willChange(tracks ids: [String]) throws {
    let new = ids.filter { trackSet.insert($0).inserted }
    tracks.append(contentsOf: new)
    for rows in try statements.run(new.map(statements.placement(ofTrack:))) {
      if let row = rows.first { notePlacement(row) }
    }
  }

  /// After the changes: the changed tracks, then the albums, artists and genres they touched.
  /// Each step is one batch of reads and one of writes (`CatalogStatements.run`): what one track,
  /// album, artist or genre reads never depends on what another's writes change.
  public mutating func finish() throws {
    try refreshTracks()
    try refreshAlbums()
    try refreshArtists()
    try refreshGenres()
  }

  private mutating func notePlacement(_ row: StoreRow) {
    if let album = row.string("album_id") { albums.insert(album) }
    for column in ["album_artist_id", "artist_id"] {
      if let artist = row.string(column) { artists.insert(artist) }
    }
  }

  /// Whether each track is present now; its genre rows and search words follow.
  private mutating func refreshTracks() throws {
    let answers = try statements.run(tracks.map(statements.updateAvailability(ofTrack:)))
    var writes: [StoreStatement] = []
    var genreDeletes: [Int] = []
    for (id, rows) in zip(tracks, answers) {
      guard let row = rows.first else { continue }
      notePlacement(row)
      genreDeletes.append(writes.count)
      writes.append(statements.deleteGenres(ofTrack: id))
      guard row.bool("available") == true else {
        writes += replaceSearchEntry(.track, ref: id, with: nil)
        continue
      }
      for name in NameListColumn.decode(row.string("genres") ?? "") {
        let genre = CatalogKey.genreID(name)
        writes.append(statements.addGenre(genre, named: name, toTrack: id))
        genres.insert(genre)
      }
      let title = row.string("title") ?? AudioFormats.fallbackTitle(forFilename: row.string("filename") ?? "")
      writes += replaceSearchEntry(
        .track, ref: id, with: SearchEntry(name: title, rest: [row.string("artist"), row.string("album")]))
    }
    let results = try statements.run(writes)
    for index in genreDeletes { genres.formUnion(results[index].compactMap { $0.string("genre_id") }) }
  }

  /// Each album from its present tracks (`AlbumSummary`), or gone when it has none; its genres,
  /// search words and its tracks' places in the library's order follow.
  private mutating func refreshAlbums() throws {
    let ids = Array(albums)
    let answers = try statements.run(
      ids.flatMap { [statements.presentTracks(ofAlbum: $0), statements.artist(ofAlbum: $0)] })
    var writes: [StoreStatement] = []
    var genreDeletes: [Int] = []
    for (index, id) in ids.enumerated() {
      let members = answers[2 * index].compactMap(AlbumMember.init(row:))
      if let artist = answers[2 * index + 1].first?.string("artist_id") { artists.insert(artist) }
      genreDeletes.append(writes.count)
      writes.append(statements.deleteGenres(ofAlbum: id))
      guard let summary = AlbumSummary(id: id, members: members) else {
        writes.append(statements.deleteAlbum(id))
        writes += replaceSearchEntry(.album, ref: id, with: nil)
        continue
      }
      let album = summary.album
      writes.append(
        statements.saveAlbum([
          .text(id), .text(album.name), StoreValue(album.artist), StoreValue(album.artistId), StoreValue(album.year),
          .text(NameListColumn.encode(album.genres)), StoreValue(album.trackCount), StoreValue(album.discCount),
          .real(album.duration), StoreValue(album.compilation), StoreValue(album.musicBrainzId),
          .integer(album.addedAt), .text(summary.nameKey), .text(summary.artistKey),
          .integer(ShuffleOrder.key(ofID: id)), StoreValue(album.coverId),
        ]))
      if let artist = album.artistId { artists.insert(artist) }
      for name in album.genres {
        let genre = CatalogKey.genreID(name)
        writes.append(statements.addGenre(genre, toAlbum: id))
        genres.insert(genre)
      }
      writes += replaceSearchEntry(.album, ref: id, with: SearchEntry(name: album.name, rest: [album.artist]))
      for track in summary.tracks { writes.append(statements.setOrderKey(track.orderKey, ofTrack: track.id)) }
    }
    let results = try statements.run(writes)
    for index in genreDeletes { genres.formUnion(results[index].compactMap { $0.string("genre_id") }) }
  }

  /// Each artist from the present tracks that credit it — as their artist first, else as their
  /// album artist (the earliest such track names it) — or gone when none does.
  private func refreshArtists() throws {
    let ids = Array(artists)
    let answers = try statements.run(
      ids.flatMap { id in
        [
          statements.firstCredit(ofArtist: id, asAlbumArtist: false),
          statements.firstCredit(ofArtist: id, asAlbumArtist: true), statements.albumCount(ofArtist: id),
          statements.presentTrackCount(ofArtist: id),
        ]
      })
    var writes: [StoreStatement] = []
    for (index, id) in ids.enumerated() {
      let asArtist = answers[4 * index].first
      let asAlbumArtist = answers[4 * index + 1].first
      guard let credit = asArtist ?? asAlbumArtist, let name = credit.string("name") else {
        writes.append(statements.deleteArtist(id))
        writes += replaceSearchEntry(.artist, ref: id, with: nil)
        continue
      }
      let addedAt = [asArtist, asAlbumArtist].compactMap { $0?.int64("added_at") }.min() ?? 0
      writes.append(
        statements.saveArtist([
          .text(id), .text(name), StoreValue(StoreRow.count(answers[4 * index + 2].first)),
          StoreValue(StoreRow.count(answers[4 * index + 3].first)),
          StoreValue(asArtist?.string("mbid") ?? asAlbumArtist?.string("mbid")), .integer(addedAt * 1000),
          .text(SortKey.of(name, sortName: credit.string("sort"))), .integer(ShuffleOrder.key(ofID: id)),
        ]))
      writes += replaceSearchEntry(.artist, ref: id, with: SearchEntry(name: name))
    }
    try statements.run(writes)
  }

  /// Each genre while a present track has it, named as the first such track spells it.
  private func refreshGenres() throws {
    let ids = Array(genres)
    let answers = try statements.run(
      ids.flatMap {
        [statements.name(ofGenre: $0), statements.albumCount(ofGenre: $0), statements.trackCount(ofGenre: $0)]
      })
    var writes: [StoreStatement] = []
    for (index, id) in ids.enumerated() {
      guard let name = answers[3 * index].first?.string("name") else {
        writes.append(statements.deleteGenre(id))
        continue
      }
      writes.append(
        statements.saveGenre([
          .text(id), .text(name), .text(SortKey.of(name)), StoreValue(StoreRow.count(answers[3 * index + 1].first)),
          StoreValue(StoreRow.count(answers[3 * index + 2].first)),
        ]))
    }
    try statements.run(writes)
  }

  /// What replaces the indexed entry of `ref`; nil removes it from search.
  private func replaceSearchEntry(_ kind: SearchKind, ref: String, with entry: SearchEntry?) -> [StoreStatement] {
    var writes = statements.deleteSearchEntry(kind, ref: ref)
    guard let entry else { return writes }
    writes.append(statements.insertSearchEntry(kind, ref: ref, name: entry.name, text: entry.text))
    for word in entry.words {
      writes.append(
        statements.insertSearchWord(
          kind, field: Int64(word.field.rawValue), word: word.text, nameLength: Int64(entry.nameLength), ref: ref))
    }
    return writes
  }
}
