/// Every store of one backend, and transactions that span them. The server holds one `Storage`
/// (SQLite by default; PostgreSQL, which several nodes can share, with `--database`) and hands
/// its stores to the services. Store calls are async: their blocking work runs on the backend's
/// own threads, never on the Swift concurrency pool.
public protocol Storage: Sendable {
  var accounts: any AccountStore { get }
  var library: any LibraryStore { get }
  var catalog: any CatalogStore { get }
  var rooms: any RoomStore { get }
  var playlists: any PlaylistStore { get }
  var imports: any ImportJobStore { get }
  var annotations: any AnnotationStore { get }
  var signInFailures: any SignInFailureStore { get }
  var progress: any ProgressStore { get }
  var bookmarks: any BookmarkStore { get }
  var rates: any RateStore { get }
  var appPasswords: any AppPasswordStore { get }
  var podcastSubscriptions: any PodcastSubscriptionStore { get }
  var gpodderDevices: any GPodderDeviceStore { get }
  var books: any BookStore { get }
  var podcasts: any PodcastStore { get }
  var podcastDownloads: any PodcastDownloadStore { get }
  var photos: any PhotoStore { get }
  var roomChat: any RoomChatStore { get }
  var playQueues: any PlayQueueStore { get }
  var mediaBookmarks: any MediaBookmarkStore { get }
  /// What only one node at a time may do (one process with SQLite).
  var locks: any NodeLocks { get }

  /// Runs `body` in one transaction: the stores of the `Storage` it is handed see one snapshot,
  /// and their writes commit together when `body` returns or not at all when it throws; two
  /// transactions never see each other half done. Calling the outer `Storage` from inside `body`
  /// is refused (it would wait for itself).
  ///
  /// `body` may run more than once: a backend that lets transactions run side by side
  /// (PostgreSQL) runs one again when it loses a conflict. So `body` does store calls and pure
  /// work only, nothing slow and nothing it could not repeat; a store failure inside it should
  /// leave it (PostgreSQL refuses the rest of a transaction after one).
  func transaction<T: Sendable>(_ body: @Sendable (any Storage) async throws -> T) async throws -> T

  /// Finishes work in progress and closes the backend; later calls fail.
  func close() async
}
