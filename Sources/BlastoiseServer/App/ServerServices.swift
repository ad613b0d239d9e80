import BlastoiseCore
import BlastoisePostgres
import BlastoiseStore
import Foundation

/// The store and the domain services over it — what both `serve` and `user add` need.
struct ServerServices: Sendable {
  let storage: any Storage
  /// The command line's switches; an admin's choices over them are read through `accounts`.
  let defaultPolicy: InstancePolicy
  let accounts: AccountService
  let library: LibraryService
  /// The store's annotations, each person's kept in memory (`storage.annotations` is not used
  /// directly: its writes would not be seen).
  let annotations: RememberedAnnotations
  /// Open sockets per session: every session that ends closes its sockets here.
  let sockets: SessionSockets
  /// On PostgreSQL, how this node's rooms and library follow the other nodes' (started by
  /// `RunningServer`).
  let roomLink: PostgresRoomLink?
  /// This server's lasting ID (`SodiumSecretBox.serverID`), in `/api/status`.
  let serverID: String

  static func open(_ configuration: ServerConfiguration, clock: any WallClock = SystemClock())
    async throws(StartupError)
    -> ServerServices
  {
    let storage = try await openStorage(configuration)
    let policy = InstancePolicy(allowGuests: configuration.allowGuests, allowSignup: configuration.allowSignup)
    let lifetime = SessionLifetime(
      idleSeconds: Int64(configuration.sessionIdleDays) * 86_400,
      absoluteSeconds: Int64(configuration.sessionMaxDays) * 86_400,
      guestIdleSeconds: Int64(configuration.guestIdleSeconds))
    let sockets = SessionSockets()
    let sealer = try SodiumSecretBox.opening(directory: configuration.dataDirectory)
    let accounts = AccountService(
      store: storage.accounts, appPasswords: storage.appPasswords,
      hasher: SodiumPasswordHasher(cost: configuration.passwordHashCost),
      tokens: SodiumSessionTokens(), policy: policy, lifetime: lifetime,
      guestLimitPerAddress: configuration.guestSessionsPerAddress,
      throttle: LoginThrottle(store: storage.signInFailures), now: clock.now, log: ServerLog.write,
      sessionsEnded: sockets.kick, sealer: sealer)
    let link = (storage as? PostgresStorage)?.roomLink(log: ServerLog.write)
    let library = LibraryService(
      store: storage.library, locks: storage.locks, musicDirectory: configuration.musicDirectory,
      dataDirectory: configuration.dataDirectory, announce: { await link?.notifyLibraryChanged() })
    let annotations = RememberedAnnotations(storage.annotations) { await link?.notifyAnnotationsChanged(userID: $0) }
    do {
      try FileManager.default.createDirectory(atPath: library.uploadsDirectory, withIntermediateDirectories: true)
    } catch {
      throw StartupError(message: "cannot create \(library.uploadsDirectory): \(error.localizedDescription)")
    }
    return ServerServices(
      storage: storage, defaultPolicy: policy, accounts: accounts, library: library, annotations: annotations,
      sockets: sockets,
      roomLink: link, serverID: sealer.serverID)
  }

  /// The data directory is made either way: uploads live there with either database.
  private static func openStorage(_ configuration: ServerConfiguration) async throws(StartupError) -> any Storage {
    let directory = configuration.dataDirectory
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw StartupError(message: "cannot create data directory \(directory): \(error.localizedDescription)")
    }
    switch configuration.database {
    case .sqlite:
      do {
        return try SQLiteStorage(path: directory + "/blastoise.db", busyTimeout: configuration.storeBusyTimeout)
      } catch {
        throw StartupError(message: "cannot open the database: \(error.message)")
      }
    case .postgres(let url):
      var settings = PostgresSettings(url: url)
      settings.lockTimeout = configuration.storeBusyTimeout
      do {
        return try await PostgresStorage.connect(settings)
      } catch {
        throw StartupError(message: "cannot open the database: \((error as? PostgresError)?.message ?? "\(error)")")
      }
    }
  }
}
