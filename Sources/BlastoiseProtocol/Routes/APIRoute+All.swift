/// Every route of the HTTP API, once. The server registers `pattern`s, clients build `path(…)`s.
/// Paths keep the seed's words (`channels`, `fetch`); the Swift names follow docs/architecture.md.
extension APIRoute {
  public static let health = APIRoute("/healthz")
  public static let status = APIRoute("/api/status")
  /// Additive: this server's OpenAPI 3.1 document.
  public static let openAPI = APIRoute("/api/openapi.json")

  public static let signUp = APIRoute("/api/auth/signup")
  public static let logIn = APIRoute("/api/auth/login")
  public static let logOut = APIRoute("/api/auth/logout")
  public static let me = APIRoute("/api/auth/me")
  public static let kickOthers = APIRoute("/api/auth/kick-others")
  public static let password = APIRoute("/api/auth/password")
  public static let sessions = APIRoute("/api/auth/sessions")
  public static let session = APIRoute("/api/auth/sessions/:id")
  /// Additive: live guest sessions, for admins.
  public static let adminGuests = APIRoute("/api/admin/guests")
  /// Additive: how this server runs (GET), its switches changed (PATCH).
  public static let adminServer = APIRoute("/api/admin/server")
  /// Additive: this node's recent library scans, for admins.
  public static let adminScans = APIRoute("/api/admin/scans")
  /// Additive: accounts, for admins (GET lists, POST makes one).
  public static let adminUsers = APIRoute("/api/admin/users")
  /// Additive: an account's role or disabling changed by an admin (PATCH).
  public static let adminUser = APIRoute("/api/admin/users/:id")

  public static let rooms = APIRoute("/api/channels")
  public static let room = APIRoute("/api/channels/:id")
  public static let roomJump = APIRoute("/api/channels/:id/jump")
  public static let roomSeek = APIRoute("/api/channels/:id/seek")
  public static let roomMode = APIRoute("/api/channels/:id/mode")
  public static let roomQueue = APIRoute("/api/channels/:id/queue")
  /// Additive: a private room's new invite token (the old one stops working).
  public static let roomInvite = APIRoute("/api/channels/:id/invite")
  /// The room socket's WebSocket handshake; `?invite=` lets one into a private room.
  public static let roomSocket = APIRoute("/api/channels/:id/ws")

  public static let library = APIRoute("/api/library")
  public static let libraryScan = APIRoute("/api/library/scan")
  public static let track = APIRoute("/api/tracks/:trackId")
  public static let upload = APIRoute("/api/upload")
  /// Additive: a cover by ID (`Track.coverId`), `?size=` and `?format=` as in `CoverSize`, `CoverFormat`.
  public static let cover = APIRoute("/api/covers/:id")
  /// Additive: a track's embedded lyrics.
  public static let trackLyrics = APIRoute("/api/tracks/:trackId/lyrics")
  /// Additive: a piece of a track decoded (FLAC at the asked rate), `PieceQuery`.
  public static let trackPiece = APIRoute("/api/tracks/:trackId/piece")

  // Additive: the catalog derived from the tags.
  public static let albums = APIRoute("/api/albums")
  public static let album = APIRoute("/api/albums/:id")
  public static let artists = APIRoute("/api/artists")
  public static let artist = APIRoute("/api/artists/:id")
  public static let genres = APIRoute("/api/genres")
  public static let search = APIRoute("/api/search")

  public static let playlists = APIRoute("/api/playlists")
  public static let playlist = APIRoute("/api/playlists/:id")
  public static let playlistTracks = APIRoute("/api/playlists/:id/tracks")
  public static let playlistShare = APIRoute("/api/playlists/:id/share")
  public static let sharedPlaylist = APIRoute("/api/playlists/shared/:token")
  /// Additive: list a shared playlist under the caller's shared ones (a GET of the link does not).
  public static let rememberSharedPlaylist = APIRoute("/api/playlists/shared/:token/remember")

  public static let imports = APIRoute("/api/fetch")
  public static let importConfirm = APIRoute("/api/fetch/confirm")
  public static let importJob = APIRoute("/api/fetch/:itemId")
}

extension APIRoute {
  // Additive: per-person library data (annotations).
  /// `PUT` makes the item (`:kind` tracks, albums or artists) a favourite, `DELETE` unmakes it.
  public static let favourite = APIRoute("/api/favourites/:kind/:id")
  /// The caller's favourites.
  public static let favourites = APIRoute("/api/favourites")
  // Additive: app passwords.
  /// `GET` the caller's app passwords, `POST` makes one (its secret shown once).
  public static let appPasswords = APIRoute("/api/app-passwords")
  /// `DELETE` revokes one.
  public static let appPassword = APIRoute("/api/app-passwords/:id")
  // The gpodder.net v2 API (its paths, not ours): `{name}.json` segments are `:file`.
  /// `POST login.json` / `logout.json` (`:file`) for `:user`.
  public static let gpodderAuth = APIRoute("/api/2/auth/:user/:file")
  /// `GET {user}.json`: the account's devices.
  public static let gpodderDevices = APIRoute("/api/2/devices/:file")
  /// `POST {device}.json`: make or change a device.
  public static let gpodderDevice = APIRoute("/api/2/devices/:user/:file")
  /// `GET {device}.json?since=`: subscription changes; `POST` uploads some.
  public static let gpodderSubscriptions = APIRoute("/api/2/subscriptions/:user/:file")
  /// `GET {user}.json?since=&podcast=`: episode actions; `POST` uploads some.
  public static let gpodderEpisodes = APIRoute("/api/2/episodes/:file")
  /// The simple API: `GET {device}.{json,txt}` the subscriptions, `PUT {device}.json` replaces them.
  public static let gpodderSimpleDevice = APIRoute("/subscriptions/:user/:file")
  /// The simple API: `GET {user}.{json,txt}`, every device's subscriptions.
  public static let gpodderSimple = APIRoute("/subscriptions/:file")
  // The Subsonic API (its paths, not ours): `:method` is `ping`, `getAlbum.view`, ….
  public static let subsonic = APIRoute("/rest/:method")
  // Additive: spoken-word progress per person.
  /// `GET` the caller's progress in an episode (`:kind` episodes, `:id` its enclosure URL) or
  /// book (`books`), `PUT` a report of where they got to, `DELETE` marks it new.
  public static let progressItem = APIRoute("/api/progress/:kind/:id")
  /// The caller's unfinished episodes and books, the latest heard first.
  public static let progress = APIRoute("/api/progress")
  /// `GET` the caller's bookmarks in an episode or book, `POST` adds one.
  public static let bookmarks = APIRoute("/api/progress/:kind/:id/bookmarks")
  /// `PATCH` changes a bookmark's note, `DELETE` removes it.
  public static let bookmark = APIRoute("/api/progress/:kind/:id/bookmarks/:bookmarkId")
  /// Every playback rate the caller chose for a book or podcast.
  public static let rates = APIRoute("/api/rates")
  /// `PUT { rate }` keeps the rate for a book (`:show` its ID) or podcast (its feed URL).
  public static let rate = APIRoute("/api/rates/:kind/:show")
  // Additive: audiobooks.
  /// Every book, with the caller's progress in each.
  public static let books = APIRoute("/api/books")
  /// One book: its files and chapters.
  public static let book = APIRoute("/api/books/:id")
  /// A book file's bytes, by the book's ID and the file's index.
  public static let bookFile = APIRoute("/api/books/:id/files/:index")
  /// An admin rescans the audiobooks directory now.
  public static let booksScan = APIRoute("/api/books/scan")
  // Additive: podcasts.
  /// `GET` the caller's podcasts, `POST { url }` subscribes to a feed (fetched at once).
  public static let podcasts = APIRoute("/api/podcasts")
  /// `POST { opml }` subscribes to an OPML document's feeds; `GET` exports the caller's.
  public static let podcastsOPML = APIRoute("/api/podcasts/opml")
  /// `DELETE` unsubscribes.
  public static let podcast = APIRoute("/api/podcasts/:id")
  /// A podcast's episodes, newest first, each with the caller's progress.
  public static let podcastEpisodes = APIRoute("/api/podcasts/:id/episodes")
  /// `POST` fetches the feed now.
  public static let podcastRefresh = APIRoute("/api/podcasts/:id/refresh")
  /// `POST`: the server downloads the episode (202; its state shows in the episode list).
  public static let podcastEpisodeDownload = APIRoute("/api/podcasts/:id/episodes/:guid/download")
  /// An episode's chapters (Podcasting 2.0 `podcast:chapters`), fetched by the server.
  public static let podcastEpisodeChapters = APIRoute("/api/podcasts/:id/episodes/:guid/chapters")
  /// `PUT { rating }` sets the item's rating, `DELETE` clears it.
  public static let rating = APIRoute("/api/ratings/:kind/:id")
  /// `POST { trackId }`: a play heard outside a room.
  public static let plays = APIRoute("/api/plays")
  /// What the caller played last.
  public static let recentPlays = APIRoute("/api/plays/recent")
  /// The caller's annotation of every track, album or artist (`:kind`) they annotated, by ID.
  public static let annotations = APIRoute("/api/annotations/:kind")
  // Additive: photo backup (each person's own photos; nobody else's, admins included).
  /// `POST { items }`: for each item the caller's phone has, whether the server has it ("have")
  /// or wants it ("send").
  public static let photoBackupCheck = APIRoute("/api/photos/backup/check")
  /// `PUT` one whole file as the body (`?name=`, optional `device`, `assetId`, `takenAt`).
  public static let photoBackup = APIRoute("/api/photos/backup")
  /// Resumable uploads (tus 1.0): `OPTIONS` says what the server takes, `POST` creates one.
  public static let photoTus = APIRoute("/api/photos/tus")
  /// One upload: `HEAD` its offset, `PATCH` the next bytes, `DELETE` gives it up.
  public static let photoTusUpload = APIRoute("/api/photos/tus/:id")
  /// Devices, bytes kept and the quota.
  public static let photoBackupStatus = APIRoute("/api/photos/backup/status")
  /// The caller's photos, newest first (`?limit=`, `?before=`, `?trashed=true` for the trash).
  public static let photos = APIRoute("/api/photos")
  /// One photo; `DELETE` moves it to the trash (kept 30 days).
  public static let photo = APIRoute("/api/photos/:id")
  /// `POST` takes a photo back out of the trash.
  public static let photoRestore = APIRoute("/api/photos/:id/restore")
  /// The original bytes, as sent.
  public static let photoOriginal = APIRoute("/api/photos/:id/original")
  /// A JPEG thumbnail (`?size=` as covers take it) of a still.
  public static let photoThumbnail = APIRoute("/api/photos/:id/thumbnail")
}
