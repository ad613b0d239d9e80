import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// A started Blastoise: configuration → store → services → routes → listening socket.
public final class RunningServer: Sendable {
  public let port: UInt16
  /// The most connections at once, and per client address (0: no cap).
  public let connectionLimit: Int
  public let connectionsPerAddress: Int
  public let configuration: ServerConfiguration
  private let http: HTTPServer
  private let services: ServerServices
  private let imports: ImportService
  private let rooms: RoomDirectory
  private let podcasts: PodcastService
  private let housekeeping: Task<Void, Never>
  /// Hands the room link's events to the rooms (PostgreSQL only).
  private let roomEvents: Task<Void, Never>?

  /// What the router serves, for checking the OpenAPI document against it.
  public var routes: [Route] { http.router.routes }

  /// `clock` is the wall clock sessions and their housekeeping go by, `roomClock` the one rooms
  /// play by (tests move them by hand).
  public static func start(
    _ configuration: ServerConfiguration, clock: any WallClock = SystemClock(),
    roomClock: any WallClock = SystemClock()
  ) async throws(StartupError) -> RunningServer {
    let services = try await ServerServices.open(configuration, clock: clock)
    let rooms: RoomDirectory
    let catalog: TrackCatalog
    let chapterCuts = BookChapterCuts(directory: configuration.dataDirectory + "/book-chapters")
    do {
      let spoken = SpokenItems(
        downloads: services.storage.podcastDownloads, books: services.storage.books, cuts: chapterCuts,
        dataDirectory: configuration.dataDirectory)
      catalog = TrackCatalog(store: services.library.store, spoken: spoken)
      try await catalog.refresh()
      rooms = RoomDirectory(
        store: services.storage.rooms, catalog: catalog, clock: roomClock,
        keeping: RoomKeeping(
          annotations: services.annotations, progress: services.storage.progress,
          chat: services.storage.roomChat),
        sharing: services.roomLink.map(RoomNodes.sharing(over:)) ?? .alone, jumpLead: configuration.jumpLead)
      try await rooms.load()
    } catch {
      await services.storage.close()
      throw StartupError(message: "cannot load rooms: \(error)")
    }
    let sessions = services.sockets
    Self.announce(services.library, to: rooms, catalog: catalog)
    let proxy = ProxyTrust(trusting: configuration.trustedProxies)
    let authenticator = RequestAuthenticator(accounts: services.accounts, proxy: proxy)
    let tokens = SodiumSessionTokens()
    let playlists = PlaylistService(
      storage: services.storage, unknownTracks: catalog.unknown,
      newToken: tokens.newToken)
    let imports: ImportService
    var jobsChanged: (@Sendable () async -> Void)?
    if let link = services.roomLink { jobsChanged = { await link.notifyJobsChanged() } }
    do {
      imports = try await ImportService.start(
        configuration, store: services.storage.imports, locks: services.storage.locks, library: services.library,
        playlists: playlists, jobsChanged: jobsChanged
      ) { message in
        guard let frame = SocketFrames.frame(message) else { return }
        Task { await rooms.sendToAll(frame) }
      }
    } catch {
      await services.storage.close()
      throw error
    }
    let status = ServerStatus(
      version: BlastoiseVersion.current, allowGuests: services.defaultPolicy.allowGuests,
      allowSignup: services.defaultPolicy.allowSignup,
      ytdlp: .init(
        enabled: imports.enabled,
        available: imports.enabled ? imports.available : ExecutableLookup.find("yt-dlp") != nil),
      app: ServerStatus.appName, serverId: services.serverID, credentials: CredentialRules.published)

    let podcasts = Self.podcasts(
      configuration, storage: services.storage, covers: services.library.covers, clock: clock)

    var router = Router()
    let accounts = services.accounts
    StatusRoutes.register(on: &router, status: status, policy: accounts.policy)
    AuthRoutes(accounts: services.accounts, auth: authenticator).register(on: &router)
    AppPasswordRoutes(accounts: services.accounts, auth: authenticator).register(on: &router)
    let startedAt = clock.milliseconds()
    AdminRoutes(accounts: services.accounts, auth: authenticator, scans: services.library.scans) {
      [configuration] policy in
      ServerReport(
        version: BlastoiseVersion.current, database: configuration.database.kind,
        musicDirectory: configuration.musicDirectory, audiobooksDirectory: configuration.audiobooksDirectory,
        photosDirectory: configuration.photosFolder, allowGuests: policy.allowGuests, allowSignup: policy.allowSignup,
        urlImport: status.ytdlp.enabled && status.ytdlp.available, tracks: catalog.availableCount, startedAt: startedAt,
        importSettings: configuration.urlImportEnabled ? ImportSettings(configuration).report : nil)
    }.register(on: &router)
    RoomRoutes(
      directory: rooms, auth: authenticator,
      socket: RoomSocketHandler(directory: rooms, sessions: sessions, accounts: services.accounts)
    ).register(on: &router)
    PlaylistRoutes(playlists: playlists, auth: authenticator).register(on: &router)
    let books = BookService(
      directory: configuration.audiobooksDirectory, store: services.storage.books, progress: services.storage.progress,
      covers: services.library.covers,
      cuts: chapterCuts, clock: clock)
    let trackFiles = TrackFiles(
      library: services.library, episodes: services.storage.podcastDownloads, books: books,
      dataDirectory: configuration.dataDirectory)
    LibraryRoutes(
      library: services.library, files: trackFiles, pieces: TrackPieces(), auth: authenticator,
      maxUploadBytes: configuration.maxUploadMegabytes << 20
    ).register(on: &router)
    let covers = CoverVariants(store: services.library.covers, log: ServerLog.write)
    CoverRoutes(covers: covers, auth: authenticator).register(on: &router)
    let link = services.roomLink
    let nowPlaying = SubsonicNowPlaying(now: { clock.milliseconds() }) { username, report in
      await link?.notifyPlaybackReport(username: username, report: report)
    }
    SubsonicRoutes(
      accounts: services.accounts, proxy: proxy, storage: services.storage, annotations: services.annotations,
      nowPlaying: nowPlaying, library: services.library, tracks: catalog,
      files: trackFiles, covers: covers, playlists: playlists, podcasts: podcasts, rooms: rooms,
      clock: clock, roomClock: roomClock
    ).register(on: &router)
    CatalogRoutes(
      catalog: services.storage.catalog, annotations: services.annotations, library: services.library,
      auth: authenticator
    ).register(on: &router)
    AnnotationRoutes(annotations: services.annotations, auth: authenticator, clock: clock).register(
      on: &router)
    ProgressRoutes(progress: services.storage.progress, podcasts: podcasts, auth: authenticator, clock: clock).register(
      on: &router)
    BookmarkRoutes(bookmarks: services.storage.bookmarks, auth: authenticator, clock: clock).register(on: &router)
    RateRoutes(rates: services.storage.rates, auth: authenticator).register(on: &router)
    BookRoutes(books: books, auth: authenticator).register(on: &router)
    GPodderRoutes(
      sync: GPodderSync(storage: services.storage),
      callers: GPodderAuthenticator(accounts: services.accounts, auth: authenticator), clock: clock,
      subscriptionsChanged: podcasts.scheduler.wake
    ).register(on: &router)
    PodcastRoutes(podcasts: podcasts, auth: authenticator).register(on: &router)
    let photos: PhotoService
    let tusUploads: PhotoTusUploads
    do {
      photos = try PhotoService(
        root: configuration.photosFolder, store: services.storage.photos, quotaBytes: configuration.photoQuotaBytes,
        clock: clock)
      tusUploads = try PhotoTusUploads(directory: photos.incoming + "/tus")
    } catch {
      await imports.stop()
      podcasts.scheduler.stop()
      await services.storage.close()
      throw StartupError(message: "cannot use the photos folder \(configuration.photosFolder): \(error)")
    }
    PhotoRoutes(
      photos: photos, uploads: tusUploads, auth: authenticator, maxPhotoBytes: configuration.maxPhotoMegabytes << 20
    )
    .register(on: &router)
    PhotoTusRoutes(
      photos: photos, uploads: tusUploads, auth: authenticator, maxPhotoBytes: configuration.maxPhotoMegabytes << 20,
      clock: clock
    ).register(on: &router)
    ImportRoutes(imports: imports, auth: authenticator).register(on: &router)
    WebAppRoutes.register(on: &router, webDirectory: configuration.webDirectory)

    var httpConfiguration = HTTPServer.Configuration()
    httpConfiguration.host = configuration.host
    httpConfiguration.port = configuration.port
    httpConfiguration.connectionTimeoutSeconds = configuration.idleTimeoutSeconds
    httpConfiguration.webSocket.idleTimeout = configuration.socketIdleTimeout
    httpConfiguration.connectionLimit = OpenFileLimit.connectionLimit(openFiles: OpenFileLimit.current)
    if let cap = configuration.connectionsPerAddress ?? (configuration.trustedProxies.isEmpty ? nil : 0) {
      httpConfiguration.connectionsPerAddress = cap
    }
    let hosts = HostPolicy(listenHost: configuration.host, publicURL: configuration.publicURL)
    httpConfiguration.preflight =
      RequestGuards(
        hostPolicy: hosts, originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins), proxy: proxy,
        authenticator: authenticator,
        permissionsBeforeBody: [
          APIRoute.upload.pattern: .upload, APIRoute.photoBackup.pattern: .upload,
          APIRoute.photoTusUpload.pattern: .upload,
        ],
        sessionCheckLimit: configuration.sessionCheckLimit
      ).check
    httpConfiguration.errorResponse = ErrorMapping.response
    httpConfiguration.log = ServerLog.write
    let http = HTTPServer(router: router, configuration: httpConfiguration)
    do {
      try http.start()
    } catch {
      await imports.stop()
      podcasts.scheduler.stop()
      await services.storage.close()
      throw StartupError(message: error.message)
    }
    hosts.listenPort.store(Int(http.port), ordering: .relaxed)
    let roomEvents = services.roomLink.map {
      RoomNodes.start(
        $0, directory: rooms,
        followers: RoomNodes.Followers(
          library: services.library, imports: imports, annotations: services.annotations, nowPlaying: nowPlaying))
    }
    await Self.printSetupCode(services.accounts)
    return RunningServer(
      port: http.port, limits: httpConfiguration, configuration: configuration, http: http, services: services,
      imports: imports, rooms: rooms, podcasts: podcasts, roomEvents: roomEvents,
      housekeeping: Task {
        await withDiscardingTaskGroup { group in
          group.addTask { await Self.sessionHousekeeping(services, clock: clock) }
          if configuration.audiobooksDirectory != nil { group.addTask { await Self.scanBooks(books) } }
          group.addTask { await Self.purgePhotoTrash(photos, uploads: tusUploads, clock: clock) }
          group.addTask {
            await Self.prepareLibrary(services.library, configuration: configuration)
            await rooms.fillNewDefaultRoom()
            await Self.hourly(services)
          }
        }
      })
  }

  private init(
    port: UInt16, limits: HTTPServer.Configuration, configuration: ServerConfiguration, http: HTTPServer,
    services: ServerServices, imports: ImportService, rooms: RoomDirectory, podcasts: PodcastService,
    roomEvents: Task<Void, Never>?, housekeeping: Task<Void, Never>
  ) {
    self.rooms = rooms
    self.port = port
    connectionLimit = limits.connectionLimit
    connectionsPerAddress = limits.connectionsPerAddress
    self.configuration = configuration
    self.http = http
    self.services = services
    self.imports = imports
    self.podcasts = podcasts
    self.housekeeping = housekeeping
    self.roomEvents = roomEvents
  }

  /// Graceful stop: no new connections, sockets closed with 1001, in-flight requests finished,
  /// everyone's plays and places in the rooms written, then the database closed.
  public func stop() async {
    housekeeping.cancel()
    await http.shutdown()
    await rooms.closeAll()
    await rooms.stopSendingListenerCounts()
    await imports.stop()
    podcasts.scheduler.stop()
    podcasts.downloader.stop()
    await services.roomLink?.stop()
    roomEvents?.cancel()
    await services.storage.close()
  }

  /// Podcasts: one outbound client under the address policy URL import has, the refresher and
  /// this node's scheduler and episode downloader (started here, stopped with the server).
  private static func podcasts(
    _ configuration: ServerConfiguration, storage: any Storage, covers: CoverStore, clock: any WallClock
  ) -> PodcastService {
    let addresses = OutboundAddressPolicy(allowPrivate: configuration.allowPrivateImports)
    let http = OutboundHTTP(permits: { addresses.permits($0) })
    var refresher = PodcastRefresher(
      store: storage.podcasts, http: http,
      schedule: PodcastSchedule(interval: Int64(configuration.podcastRefreshMinutes) * PodcastSchedule.minute),
      clock: clock)
    refresher.artwork = PodcastArtwork(http: http, covers: covers, store: storage.podcasts)
    let scheduler = PodcastScheduler(refresher: refresher, tickSeconds: configuration.podcastCheckSeconds)
    var fileHTTP = http
    fileHTTP.timeoutSeconds = PodcastDownloader.timeoutSeconds
    let downloader = PodcastDownloader(
      work: EpisodeDownloads(
        podcasts: storage.podcasts, downloads: storage.podcastDownloads, http: fileHTTP, clock: clock,
        dataDirectory: configuration.dataDirectory, maxBytes: configuration.maxEpisodeMegabytes << 20,
        owner: UUID().uuidString),
      tickSeconds: configuration.podcastCheckSeconds)
    return PodcastService(
      podcasts: storage.podcasts, subscriptions: storage.podcastSubscriptions, progress: storage.progress,
      downloads: storage.podcastDownloads, refresher: refresher, scheduler: scheduler, downloader: downloader,
      chapterFiles: PodcastChapterReader(http: http), clock: clock)
  }

  /// The first scan runs after the socket is open, so a large library never delays start-up.
  private static func prepareLibrary(_ library: LibraryService, configuration: ServerConfiguration) async {
    if configuration.demoLibrary {
      do {
        let written = try DemoLibrary.generateIfEmpty(in: configuration.musicDirectory)
        if written > 0 { ServerLog.write("demo: wrote \(written) tracks to \(configuration.musicDirectory)") }
      } catch {
        ServerLog.write("demo: could not write the demo library: \(error.localizedDescription)")
      }
    }
    do {
      try await library.scanOrFollow(.start)
    } catch {
      ServerLog.write("scan: failed: \(error)")
    }
  }

  /// Library events reach every socket: scan progress, new tracks as toasts; rooms see new
  /// durations and titles.
  private static func announce(_ library: LibraryService, to rooms: RoomDirectory, catalog: TrackCatalog) {
    library.observe { event in
      switch event {
      case .scanProgress(let progress):
        let message = ServerSocketMessage.scanProgress(
          scanning: progress.scanning, processed: progress.processed, total: progress.total)
        guard let frame = SocketFrames.frame(message) else { return }
        await rooms.sendToAll(frame, coalescingKey: "scan")
      case .libraryChanged:
        // Awaited by whoever changed the library, so a track just added is known to rooms and
        // playlists before the upload or import answers.
        try? await catalog.refresh()
        guard let frame = SocketFrames.frame(ServerSocketMessage.libraryChanged) else { return }
        await rooms.sendToAll(frame, coalescingKey: "library")
      case .added(let tracks):
        let titles = tracks.map(\.title).prefix(3).joined(separator: ", ") + (tracks.count > 3 ? "…" : "")
        guard let frame = SocketFrames.frame(ServerSocketMessage.toast(message: "Added: \(titles)", toastType: "info"))
        else { return }
        await rooms.sendToAll(frame)
      }
    }
  }

  /// While no account exists, the first one (the admin) may come from another machine only with
  /// this code — the one secret the log ever shows.
  private static func printSetupCode(_ accounts: AccountService) async {
    do {
      if let code = try await accounts.prepareSetupCode() {
        ServerLog.write(
          "setup: no account yet; the first (the admin) signs up from this machine, or elsewhere with setup code "
            + code)
      }
    } catch {
      ServerLog.write("setup: could not check for accounts: \(error)")
    }
  }

  /// Every minute: sessions with a socket open count as used, expired sessions end (their
  /// sockets close) — guests expire within minutes, so this cannot wait for the hourly round —
  /// and failed sign-ins older than the throttle's window go.
  private static func sessionHousekeeping(_ services: ServerServices, clock: any WallClock) async {
    while !Task.isCancelled {
      do {
        try await clock.sleep(for: 60)
        try await services.accounts.markInUse(services.sockets.openSessions)
        let purged = try await services.accounts.purgeExpiredSessions()
        if purged > 0 { ServerLog.write("auth: removed \(purged) expired sessions") }
        _ = try await services.accounts.forgetOldSignInFailures()
      } catch is CancellationError {
        return
      } catch {
        ServerLog.write("housekeeping: \(error)")
      }
    }
  }

  /// At start, then hourly, as the music.
  private static func scanBooks(_ books: BookService) async {
    while !Task.isCancelled {
      do { _ = try await books.scan() } catch { ServerLog.write("books: scan failed: \(error)") }
      try? await Task.sleep(for: .seconds(3600))
    }
  }

  /// At start, then hourly: photos trashed 30 days ago go for good, and so do resumable uploads
  /// left unfinished a day and bodies a killed server left half-written.
  private static func purgePhotoTrash(_ photos: PhotoService, uploads: PhotoTusUploads, clock: any WallClock) async {
    while !Task.isCancelled {
      do { _ = try await photos.purgeTrash() } catch { ServerLog.write("photos: purging the trash failed: \(error)") }
      let expired = uploads.expire(now: clock.milliseconds())
      if expired > 0 { ServerLog.write("photos: removed \(expired) unfinished uploads a day old") }
      let abandoned = TemporaryBodies.removeAbandoned(in: photos.incoming)
      if abandoned > 0 { ServerLog.write("photos: removed \(abandoned) uploads cut off when a server stopped") }
      try? await Task.sleep(for: .seconds(3600))
    }
  }

  /// The library is rescanned for files added or removed behind the server's back (unchanged
  /// files cost a stat each).
  private static func hourly(_ services: ServerServices) async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(3600))
      guard !Task.isCancelled else { return }
      do {
        try await services.library.scanOrFollow(.hourly)
      } catch {
        ServerLog.write("housekeeping: \(error)")
      }
    }
  }
}

public struct StartupError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
