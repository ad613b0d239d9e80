import BlastoiseCore

/// The statements the catalog's upkeep (`CatalogRefresh`) and search (`SearchCandidates`) run,
/// each backend in its own SQL. The rules around them live once, in those two.
public protocol CatalogStatements {
  // The upkeep's statements are made here and run by `CatalogRefresh` in batches (`run`):
  // statements that do not wait on each other's answers go in one round trip.

  /// Runs the statements in order (`StoreConnection.runBatch`); each one's rows.
  @discardableResult
  func run(_ batch: [StoreStatement]) throws -> [[StoreRow]]

  /// `album_id, album_artist_id, artist_id` of a stored track.
  func placement(ofTrack id: String) -> StoreStatement
  /// Sets the track's `available` from its files and returns `available, album_id,
  /// album_artist_id, artist_id, genres, title, filename, artist, album`; no row for no such track.
  func updateAvailability(ofTrack id: String) -> StoreStatement
  /// Removes the track's `track_genres` rows and returns their `genre_id`s.
  func deleteGenres(ofTrack id: String) -> StoreStatement
  /// A `track_genres` row, unless there is one.
  func addGenre(_ genreID: String, named name: String, toTrack id: String) -> StoreStatement

  /// The album's present tracks, as `track_rows` rows.
  func presentTracks(ofAlbum id: String) -> StoreStatement
  /// Removes the album's `album_genres` rows and returns their `genre_id`s.
  func deleteGenres(ofAlbum id: String) -> StoreStatement
  /// The `artist_id` the stored album row names.
  func artist(ofAlbum id: String) -> StoreStatement
  func deleteAlbum(_ id: String) -> StoreStatement
  /// Inserts or replaces an `albums` row: the values in `CatalogRefresh.albumColumns` order.
  func saveAlbum(_ values: [StoreValue]) -> StoreStatement
  /// An `album_genres` row, unless there is one.
  func addGenre(_ genreID: String, toAlbum id: String) -> StoreStatement
  /// Sets the track's `order_key` (writing nothing when it has that key).
  func setOrderKey(_ key: String, ofTrack id: String) -> StoreStatement

  /// The earliest stored present track crediting the artist — as its artist, or as its album
  /// artist — as `name, sort, mbid, added_at`.
  func firstCredit(ofArtist id: String, asAlbumArtist: Bool) -> StoreStatement
  /// `n`: the artist's albums.
  func albumCount(ofArtist id: String) -> StoreStatement
  /// `n`: the artist's present tracks.
  func presentTrackCount(ofArtist id: String) -> StoreStatement
  func deleteArtist(_ id: String) -> StoreStatement
  /// Inserts or replaces an `artists` row: the values in `CatalogRefresh.artistColumns` order.
  func saveArtist(_ values: [StoreValue]) -> StoreStatement

  /// How the genre is spelt on some present track (`track_genres.name`), no row when none has it.
  func name(ofGenre id: String) -> StoreStatement
  /// `n`: the genre's tracks.
  func trackCount(ofGenre id: String) -> StoreStatement
  /// `n`: the genre's albums.
  func albumCount(ofGenre id: String) -> StoreStatement
  func deleteGenre(_ id: String) -> StoreStatement
  /// Inserts or replaces a `genres` row: `id, name, name_key, album_count, track_count`.
  func saveGenre(_ values: [StoreValue]) -> StoreStatement

  /// Removes `ref` from `search_words` and `search_entries`.
  func deleteSearchEntry(_ kind: SearchKind, ref: String) -> [StoreStatement]
  /// `search_entries (kind, ref, name, text)`.
  func insertSearchEntry(_ kind: SearchKind, ref: String, name: String, text: String) -> StoreStatement
  /// `search_words (kind, field, word, name_length, ref)`.
  func insertSearchWord(_ kind: SearchKind, field: Int64, word: String, nameLength: Int64, ref: String)
    -> StoreStatement

  /// `ref, name` (the folded name) of up to `count` entries of `kind` with a word of their name
  /// or rest from `lower` (inclusive) to `upper` (exclusive) whose `text` holds each of the
  /// three `needles`, read in index order: field, word, name length, ref.
  func searchCandidates(
    _ kind: SearchKind, lower: String, upper: String, needles: [String], count: Int
  ) throws -> [StoreRow]
  /// How many words of `kind` (of names or rests) lie from `lower` (inclusive) to `upper`
  /// (exclusive), counted up to `cap`: one read of the index, not of the entries.
  func searchWordCount(_ kind: SearchKind, lower: String, upper: String, cap: Int) throws -> Int
}

/// What `search_words` and `search_entries` hold for one artist, album or track.
public enum SearchKind: Int64, Sendable, CaseIterable {
  case artist = 0
  case album = 1
  case track = 2
}
