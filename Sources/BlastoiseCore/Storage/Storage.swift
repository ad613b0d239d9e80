/// Every store of one backend, and transactions that span them. The server holds one `Storage`
/// (SQLite today; PostgreSQL behind the same protocol later) and hands its stores to the
/// services. Store calls are async: their blocking work runs on the backend's own threads, never
/// on the Swift concurrency pool.
public protocol Storage: Sendable {
  var accounts: any AccountStore { get }
  var library: any LibraryStore { get }
  var catalog: any CatalogStore { get }
  var rooms: any RoomStore { get }
  var playlists: any PlaylistStore { get }
  var imports: any ImportJobStore { get }

  /// Runs `body` in one transaction: the stores of the `Storage` it is handed see one snapshot,
  /// and their writes commit together when `body` returns or not at all when it throws. The
  /// transaction holds the write lock, so `body` should do store calls and nothing slow; calling
  /// the outer `Storage` from inside `body` is refused (it would wait for itself).
  func transaction<T: Sendable>(_ body: @Sendable (any Storage) async throws -> T) async throws -> T

  /// Finishes work in progress and closes the backend; later calls fail.
  func close() async
}
