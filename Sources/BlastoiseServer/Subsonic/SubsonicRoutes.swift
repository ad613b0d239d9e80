import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol

/// `/rest/<method>` (and `<method>.view`): the Subsonic API and its OpenSubsonic extensions, for
/// the many music apps that speak it. A GET and a form POST (`formPost`) answer the same.
struct SubsonicRoutes: Sendable {
  /// A form POST's parameters: far more than any call needs (a playlist of 2,000 songs fits).
  static let maxFormBytes = 256 << 10
  let api: SubsonicAPI

  init(
    accounts: AccountService, proxy: ProxyTrust, storage: any Storage, annotations: RememberedAnnotations,
    nowPlaying: SubsonicNowPlaying, library: LibraryService, tracks: TrackCatalog, files: TrackFiles,
    covers: CoverVariants, playlists: PlaylistService,
    podcasts: PodcastService, rooms: RoomDirectory, clock: any WallClock, roomClock: any WallClock
  ) {
    let items = SubsonicLibrary(
      catalog: storage.catalog, annotations: annotations, tracks: tracks,
      generation: { library.generation })
    let groups: [[String: SubsonicEndpoint]] = [
      SubsonicSystem(accounts: accounts, library: library, tracks: tracks, scans: SubsonicScans(watching: library))
        .endpoints,
      SubsonicBrowsing(library: items).endpoints,
      SubsonicLists(library: items, nowPlaying: nowPlaying).endpoints,
      SubsonicMedia(files: files, covers: covers, library: items, lyrics: library.store).endpoints,
      SubsonicAnnotations(library: items, podcasts: podcasts, nowPlaying: nowPlaying, clock: clock).endpoints,
      SubsonicPlaylists(playlists: playlists, library: items).endpoints,
      SubsonicPodcastRoutes(podcasts: podcasts).endpoints,
      SubsonicRoomRoutes(directory: rooms, library: items, clock: roomClock).endpoints,
      SubsonicPlayQueues(
        queues: storage.playQueues, bookmarks: storage.mediaBookmarks, library: items, clock: clock
      ).endpoints,
    ]
    api = SubsonicAPI(
      endpoints: groups.reduce(into: [:]) { all, group in all.merge(group) { first, _ in first } },
      callers: SubsonicCallers(accounts: accounts, proxy: proxy, clock: clock),
      replies: SubsonicReplies(generation: { library.generation }, version: { annotations.version(userID: $0) }),
      serverVersion: BlastoiseVersion.current)
  }

  func register(on router: inout Router) {
    router.on(.get, APIRoute.subsonic.pattern) { request in await api.answer(request) }
    router.on(.post, APIRoute.subsonic.pattern, body: .form(maxBytes: Self.maxFormBytes)) { request in
      await api.answer(request)
    }
  }
}
