import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseStore
import Foundation

/// A started Blastoise: configuration → store → services → routes → listening socket.
public final class RunningServer: Sendable {
  public let port: UInt16
  public let configuration: ServerConfiguration
  private let http: HTTPServer
  private let services: ServerServices
  private let housekeeping: Task<Void, Never>

  public static func start(_ configuration: ServerConfiguration) throws(StartupError) -> RunningServer {
    let services = try ServerServices.open(configuration)
    let proxy = ProxyTrust(trustProxy: configuration.trustProxy)
    let authenticator = RequestAuthenticator(accounts: services.accounts, proxy: proxy)
    let status = ServerStatus(
      version: BlastoiseVersion.current, allowGuests: services.policy.allowGuests,
      allowSignup: services.policy.allowSignup,
      ytdlp: .init(enabled: services.policy.urlImportEnabled, available: ExecutableLookup.find("yt-dlp") != nil))

    var router = Router()
    StatusRoutes.register(on: &router, status: status)
    AuthRoutes(accounts: services.accounts, auth: authenticator, sockets: SessionSockets(), policy: services.policy)
      .register(on: &router)
    WebAppRoutes.register(on: &router, webDirectory: configuration.webDirectory)

    var httpConfiguration = HTTPServer.Configuration()
    httpConfiguration.host = configuration.host
    httpConfiguration.port = configuration.port
    httpConfiguration.preflight = RequestGuards(
      originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins), proxy: proxy
    ).check
    httpConfiguration.errorResponse = ErrorMapping.response
    httpConfiguration.log = ServerLog.write
    let http = HTTPServer(router: router, configuration: httpConfiguration)
    do {
      try http.start()
    } catch {
      services.database.close()
      throw StartupError(message: error.message)
    }
    return RunningServer(
      port: http.port, configuration: configuration, http: http, services: services,
      housekeeping: Task { await Self.purgeSessionsHourly(services.accounts) })
  }

  private init(
    port: UInt16, configuration: ServerConfiguration, http: HTTPServer, services: ServerServices,
    housekeeping: Task<Void, Never>
  ) {
    self.port = port
    self.configuration = configuration
    self.http = http
    self.services = services
    self.housekeeping = housekeeping
  }

  /// Graceful stop: no new connections, sockets closed with 1001, in-flight requests finished,
  /// then the database closed.
  public func stop() async {
    housekeeping.cancel()
    await http.shutdown()
    services.database.close()
  }

  private static func purgeSessionsHourly(_ accounts: AccountService) async {
    while !Task.isCancelled {
      do {
        let purged = try accounts.purgeExpiredSessions()
        if purged > 0 { ServerLog.write("auth: removed \(purged) expired sessions") }
      } catch {
        ServerLog.write("auth: could not purge expired sessions: \(error)")
      }
      try? await Task.sleep(for: .seconds(3600))
    }
  }
}

public struct StartupError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
