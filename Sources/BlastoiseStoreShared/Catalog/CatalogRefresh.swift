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

  /// A track whose tags, files or presence are about to change: where it is now is noted, so the
  /// albums and artists it leaves are recomputed too.
  public mutating func willChange(track id: String) throws {
    guard trackSet.insert(id).inserted else { return }
    tracks.append(id)
    if let row = try statements.placement(ofTrack: id) { notePlacement(row) }
  }

  /// After the changes: each changed track, then the albums, artists and genres they touched.
  public mutating func finish() throws {
    for id in tracks { try refreshTrack(id) }
    for id in albums { try refreshAlbum(id) }
    for id in artists { try refreshArtist(id) }
    for id in genres { try refreshGenre(id) }
  }

  private mutating func notePlacement(_ row: StoreRow) {
    if let album = row.string("album_id") { albums.insert(album) }
    for column in ["album_artist_id", "artist_id"] {
      if let artist = row.string(column) { artists.insert(artist) }
    }
  }

  /// Whether the track is present now; its genre rows and search words follow.
  private mutating func refreshTrack(_ id: String) throws {
    guard let row = try statements.updateAvailability(ofTrack: id) else { return }
    notePlacement(row)
    genres.formUnion(try statements.deleteGenres(ofTrack: id))
    guard row.bool("available") == true else {
      try replaceSearchEntry(.track, ref: id, with: nil)
      return
    }
    for name in NameListColumn.decode(row.string("genres") ?? "") {
      let genre = CatalogKey.genreID(name)
      try statements.addGenre(genre, named: name, toTrack: id)
      genres.insert(genre)
    }
    let title = row.string("title") ?? AudioFormats.fallbackTitle(forFilename: row.string("filename") ?? "")
    try replaceSearchEntry(
      .track, ref: id, with: SearchEntry(name: title, rest: [row.string("artist"), row.string("album")]))
  }

  /// The album from its present tracks (`AlbumSummary`), or gone when it has none; its genres,
  /// search words and its tracks' places in the library's order follow.
  private mutating func refreshAlbum(_ id: String) throws {
    let members = try statements.presentTracks(ofAlbum: id).compactMap(AlbumMember.init(row:))
    genres.formUnion(try statements.deleteGenres(ofAlbum: id))
    if let artist = try statements.artist(ofAlbum: id) { artists.insert(artist) }
    guard let summary = AlbumSummary(id: id, members: members) else {
      try statements.deleteAlbum(id)
      try replaceSearchEntry(.album, ref: id, with: nil)
      return
    }
    let album = summary.album
    try statements.saveAlbum([
      .text(id), .text(album.name), StoreValue(album.artist), StoreValue(album.artistId), StoreValue(album.year),
      .text(NameListColumn.encode(album.genres)), StoreValue(album.trackCount), StoreValue(album.discCount),
      .real(album.duration), StoreValue(album.compilation), StoreValue(album.musicBrainzId), .integer(album.addedAt),
      .text(summary.nameKey), .text(summary.artistKey), .integer(ShuffleOrder.key(ofID: id)),
      StoreValue(album.coverId),
    ])
    if let artist = album.artistId { artists.insert(artist) }
    for name in album.genres {
      let genre = CatalogKey.genreID(name)
      try statements.addGenre(genre, toAlbum: id)
      genres.insert(genre)
    }
    try replaceSearchEntry(.album, ref: id, with: SearchEntry(name: album.name, rest: [album.artist]))
    for track in summary.tracks { try statements.setOrderKey(track.orderKey, ofTrack: track.id) }
  }

  /// The artist from the present tracks that credit it — as their artist first, else as their
  /// album artist (the earliest such track names it) — or gone when none does.
  private func refreshArtist(_ id: String) throws {
    let asArtist = try statements.firstCredit(ofArtist: id, asAlbumArtist: false)
    let asAlbumArtist = try statements.firstCredit(ofArtist: id, asAlbumArtist: true)
    guard let credit = asArtist ?? asAlbumArtist, let name = credit.string("name") else {
      try statements.deleteArtist(id)
      try replaceSearchEntry(.artist, ref: id, with: nil)
      return
    }
    let addedAt = [asArtist, asAlbumArtist].compactMap { $0?.int64("added_at") }.min() ?? 0
    try statements.saveArtist([
      .text(id), .text(name), StoreValue(try statements.albumCount(ofArtist: id)),
      StoreValue(try statements.presentTrackCount(ofArtist: id)),
      StoreValue(asArtist?.string("mbid") ?? asAlbumArtist?.string("mbid")), .integer(addedAt * 1000),
      .text(SortKey.of(name, sortName: credit.string("sort"))), .integer(ShuffleOrder.key(ofID: id)),
    ])
    try replaceSearchEntry(.artist, ref: id, with: SearchEntry(name: name))
  }

  /// The genre while a present track has it, named as the first such track spells it.
  private func refreshGenre(_ id: String) throws {
    guard let name = try statements.name(ofGenre: id) else {
      try statements.deleteGenre(id)
      return
    }
    try statements.saveGenre([
      .text(id), .text(name), .text(SortKey.of(name)), StoreValue(try statements.albumCount(ofGenre: id)),
      StoreValue(try statements.trackCount(ofGenre: id)),
    ])
  }

  /// Replaces what is indexed for `ref`; nil removes it from search.
  private func replaceSearchEntry(_ kind: SearchKind, ref: String, with entry: SearchEntry?) throws {
    try statements.deleteSearchEntry(kind, ref: ref)
    guard let entry else { return }
    try statements.insertSearchEntry(kind, ref: ref, name: entry.name, text: entry.text)
    for word in entry.words {
      try statements.insertSearchWord(
        kind, field: Int64(word.field.rawValue), word: word.text, nameLength: Int64(entry.nameLength), ref: ref)
    }
  }
}
