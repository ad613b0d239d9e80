import BlastoiseProtocol

/// Per-person library data: favourites, ratings, play counts and last plays of tracks, albums and
/// artists, kept per account (guests keep none: the routes refuse them and rooms count no play for
/// them). Kept by ID without a foreign key, so an album that leaves the library and comes back
/// (IDs are stable across rescans) keeps its annotations; lists show only what is in the catalog.
public protocol AnnotationStore: Sendable {
  /// Makes the item a favourite (since `time`, ms) or not; an item already so keeps its time.
  /// False when the library has no such item.
  @discardableResult
  func setFavourite(_ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64)
    async throws -> Bool
  /// Sets (1–5) or clears (nil) the rating. False when the library has no such item.
  @discardableResult
  func setRating(_ rating: Int?, kind: AnnotatedKind, id: String, userID: Int) async throws -> Bool
  /// One play of the track at `time` (ms): its play count, its album's and its artist's go up by
  /// one and their last play becomes `time` (never earlier than it was). False when no such track.
  @discardableResult
  func recordPlay(trackID: String, userID: Int, at time: Int64) async throws -> Bool
  /// The annotation of each of `ids` that has one (one whose favourite and rating were cleared
  /// and that was never played has none).
  func annotations(kind: AnnotatedKind, ids: [String], userID: Int) async throws -> [String: Annotation]
  /// The annotation of every item of `kind` the person annotated (one that has none any more,
  /// its favourite and rating cleared and never played, is left out).
  func annotations(kind: AnnotatedKind, userID: Int) async throws -> [String: Annotation]
  /// The favourites in the catalog (tracks whose files are present), the latest chosen first,
  /// at most `limit` of each kind.
  func favourites(userID: Int, limit: Int) async throws -> Favourites
  /// Tracks (present) and albums by last play, the latest first, at most `limit` of each.
  func recentlyPlayed(userID: Int, limit: Int) async throws -> RecentlyPlayed
}
