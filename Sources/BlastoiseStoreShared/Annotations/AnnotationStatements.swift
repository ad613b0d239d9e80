import BlastoiseCore
import BlastoiseProtocol

/// The statements of `AnnotationStore`, each backend in its own SQL; what they do around them
/// lives once, in `AnnotationRules`. `kind` is stored as its raw value (`tracks`, `albums`,
/// `artists`) in `annotations.kind`.
public protocol AnnotationStatements {
  /// Whether the library has the item: a stored track, a catalog album or artist.
  func exists(_ kind: AnnotatedKind, id: String) throws -> Bool
  /// `album_id, artist_id` of a stored track; nil for no such track.
  func placement(ofTrack id: String) throws -> StoreRow?
  /// Upserts the row: `favourite_at` becomes `time` unless it was set already, or NULL for nil.
  func setFavourite(_ kind: AnnotatedKind, id: String, userID: Int, since time: Int64?) throws
  /// Upserts the row with this `rating` (NULL for nil).
  func setRating(_ kind: AnnotatedKind, id: String, userID: Int, rating: Int?) throws
  /// Upserts the row: `play_count` one more, `played_at` the later of its own and `time`.
  func addPlay(_ kind: AnnotatedKind, id: String, userID: Int, at time: Int64) throws
  /// The person's `annotations` rows of `ids` (`item_id`, `favourite_at`, `rating`, `play_count`,
  /// `played_at`).
  func annotations(_ kind: AnnotatedKind, ids: [String], userID: Int) throws -> [StoreRow]
  /// All the person's `annotations` rows of `kind` (the same columns).
  func annotations(_ kind: AnnotatedKind, userID: Int) throws -> [StoreRow]
  /// The person's favourite (`byPlay` false) or played (true) present tracks (`track_rows` rows),
  /// albums or artists (their rows), each with its annotation's columns, by `favourite_at` or
  /// `played_at`, latest first, then ID.
  func listed(_ kind: AnnotatedKind, userID: Int, byPlay: Bool, limit: Int) throws -> [StoreRow]
}

/// What `AnnotationStore`'s calls do, over either backend's statements (run inside one write).
public enum AnnotationRules {
  public static func setFavourite(
    _ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64,
    _ statements: some AnnotationStatements
  ) throws -> Bool {
    guard try statements.exists(kind, id: id) else { return false }
    try statements.setFavourite(kind, id: id, userID: userID, since: favourite ? time : nil)
    return true
  }

  public static func setRating(
    _ rating: Int?, kind: AnnotatedKind, id: String, userID: Int, _ statements: some AnnotationStatements
  ) throws -> Bool {
    if let rating, !(1...5).contains(rating) { throw CoreError.invalid("A rating is 1 to 5") }
    guard try statements.exists(kind, id: id) else { return false }
    try statements.setRating(kind, id: id, userID: userID, rating: rating)
    return true
  }

  /// The track's play counts for its album and its artist too.
  public static func recordPlay(
    trackID: String, userID: Int, at time: Int64, _ statements: some AnnotationStatements
  ) throws -> Bool {
    guard let placement = try statements.placement(ofTrack: trackID) else { return false }
    try statements.addPlay(.tracks, id: trackID, userID: userID, at: time)
    if let album = placement.string("album_id") { try statements.addPlay(.albums, id: album, userID: userID, at: time) }
    if let artist = placement.string("artist_id") {
      try statements.addPlay(.artists, id: artist, userID: userID, at: time)
    }
    return true
  }

  public static func annotations(
    kind: AnnotatedKind, ids: [String], userID: Int, _ statements: some AnnotationStatements
  ) throws -> [String: Annotation] {
    guard !ids.isEmpty else { return [:] }
    return byItem(try statements.annotations(kind, ids: ids, userID: userID)).filter { !$0.value.isEmpty }
  }

  public static func annotations(
    kind: AnnotatedKind, userID: Int, _ statements: some AnnotationStatements
  ) throws -> [String: Annotation] {
    byItem(try statements.annotations(kind, userID: userID)).filter { !$0.value.isEmpty }
  }

  /// `annotations` rows by `item_id`.
  private static func byItem(_ rows: [StoreRow]) -> [String: Annotation] {
    var found: [String: Annotation] = [:]
    for row in rows {
      if let id = row.string("item_id") { found[id] = Annotation(row: row) }
    }
    return found
  }

  public static func favourites(
    userID: Int, limit: Int, _ statements: some AnnotationStatements
  ) throws -> Favourites {
    Favourites(
      tracks: annotated(try statements.listed(.tracks, userID: userID, byPlay: false, limit: limit), Track.init(row:)),
      albums: annotated(try statements.listed(.albums, userID: userID, byPlay: false, limit: limit), Album.init(row:)),
      artists: annotated(
        try statements.listed(.artists, userID: userID, byPlay: false, limit: limit), Artist.init(row:)))
  }

  public static func recentlyPlayed(
    userID: Int, limit: Int, _ statements: some AnnotationStatements
  ) throws -> RecentlyPlayed {
    RecentlyPlayed(
      tracks: annotated(try statements.listed(.tracks, userID: userID, byPlay: true, limit: limit), Track.init(row:)),
      albums: annotated(try statements.listed(.albums, userID: userID, byPlay: true, limit: limit), Album.init(row:)))
  }

  /// Items of rows that carry their annotation's columns too.
  private static func annotated<Item: Annotated>(_ rows: [StoreRow], _ decode: (StoreRow) -> Item?) -> [Item] {
    rows.compactMap { row in
      var item = decode(row)
      item?.annotate(Annotation(row: row))
      return item
    }
  }
}

extension Annotation {
  /// From an `annotations` row (or a row carrying its columns).
  public init(row: StoreRow) {
    self.init(
      favouriteAt: row.int64("favourite_at"), rating: row.int("rating"), playCount: row.int("play_count") ?? 0,
      playedAt: row.int64("played_at"))
  }
}
