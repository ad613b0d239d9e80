import BlastoiseCore

/// The stores both backends share, made once over one backend's access: every store of `Storage`
/// but the catalog, whose statements each backend words its own way.
public struct SharedStores: Sendable {
  public let accounts: any AccountStore
  public let library: any LibraryStore
  public let rooms: any RoomStore
  public let playlists: any PlaylistStore
  public let imports: any ImportJobStore
  public let annotations: any AnnotationStore
  public let signInFailures: any SignInFailureStore
  public let progress: any ProgressStore
  public let bookmarks: any BookmarkStore
  public let rates: any RateStore
  public let appPasswords: any AppPasswordStore
  public let podcastSubscriptions: any PodcastSubscriptionStore
  public let gpodderDevices: any GPodderDeviceStore
  public let books: any BookStore
  public let podcasts: any PodcastStore
  public let podcastDownloads: any PodcastDownloadStore
  public let photos: any PhotoStore
  public let roomChat: any RoomChatStore
  public let playQueues: any PlayQueueStore
  public let mediaBookmarks: any MediaBookmarkStore

  public init<Access: LibraryAccess>(access: Access) {
    accounts = SharedAccountStore(access: access)
    library = SharedLibraryStore(access: access)
    rooms = SharedRoomStore(access: access)
    playlists = SharedPlaylistStore(access: access)
    imports = SharedImportJobStore(access: access)
    annotations = SharedAnnotationStore(access: access)
    signInFailures = SharedSignInFailureStore(access: access)
    progress = SharedProgressStore(access: access)
    bookmarks = SharedBookmarkStore(access: access)
    rates = SharedRateStore(access: access)
    appPasswords = SharedAppPasswordStore(access: access)
    podcastSubscriptions = SharedPodcastSubscriptionStore(access: access)
    gpodderDevices = SharedGPodderDeviceStore(access: access)
    books = SharedBookStore(access: access)
    podcasts = SharedPodcastStore(access: access)
    podcastDownloads = SharedPodcastDownloadStore(access: access)
    photos = SharedPhotoStore(access: access)
    roomChat = SharedRoomChatStore(access: access)
    playQueues = SharedPlayQueueStore(access: access)
    mediaBookmarks = SharedMediaBookmarkStore(access: access)
  }
}

/// A backend's `Storage`: its catalog, transactions and closing are its own, the other stores
/// are `shared`.
public protocol SharedStorage: Storage {
  /// The stores over this storage's access (its transaction's, inside one).
  var shared: SharedStores { get }
}

extension SharedStorage {
  public var accounts: any AccountStore { shared.accounts }
  public var library: any LibraryStore { shared.library }
  public var rooms: any RoomStore { shared.rooms }
  public var playlists: any PlaylistStore { shared.playlists }
  public var imports: any ImportJobStore { shared.imports }
  public var annotations: any AnnotationStore { shared.annotations }
  public var signInFailures: any SignInFailureStore { shared.signInFailures }
  public var progress: any ProgressStore { shared.progress }
  public var bookmarks: any BookmarkStore { shared.bookmarks }
  public var rates: any RateStore { shared.rates }
  public var appPasswords: any AppPasswordStore { shared.appPasswords }
  public var podcastSubscriptions: any PodcastSubscriptionStore { shared.podcastSubscriptions }
  public var gpodderDevices: any GPodderDeviceStore { shared.gpodderDevices }
  public var books: any BookStore { shared.books }
  public var podcasts: any PodcastStore { shared.podcasts }
  public var podcastDownloads: any PodcastDownloadStore { shared.podcastDownloads }
  public var photos: any PhotoStore { shared.photos }
  public var roomChat: any RoomChatStore { shared.roomChat }
  public var playQueues: any PlayQueueStore { shared.playQueues }
  public var mediaBookmarks: any MediaBookmarkStore { shared.mediaBookmarks }
}
