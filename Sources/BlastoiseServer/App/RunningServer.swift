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
  private let database: SQLiteDatabase

  public static func start(_ configuration: ServerConfiguration) throws(StartupError) -> RunningServer {
    let database = try openDatabase(in: configuration.dataDirectory)
    let policy = InstancePolicy(
      allowGuests: configuration.allowGuests, allowSignup: configuration.allowSignup,
      urlImportEnabled: configuration.urlImportEnabled)
    let status = ServerStatus(
      version: BlastoiseVersion.current, allowGuests: policy.allowGuests, allowSignup: policy.allowSignup,
      ytdlp: .init(enabled: policy.urlImportEnabled, available: ExecutableLookup.find("yt-dlp") != nil))

    var router = Router()
    StatusRoutes.register(on: &router, status: status)
    WebAppRoutes.register(on: &router, webDirectory: configuration.webDirectory)

    var httpConfiguration = HTTPServer.Configuration()
    httpConfiguration.host = configuration.host
    httpConfiguration.port = configuration.port
    httpConfiguration.preflight = RequestGuards(originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins))
      .check
    let http = HTTPServer(router: router, configuration: httpConfiguration)
    do {
      try http.start()
    } catch {
      database.close()
      throw StartupError(message: error.message)
    }
    return RunningServer(port: http.port, configuration: configuration, http: http, database: database)
  }

  private init(port: UInt16, configuration: ServerConfiguration, http: HTTPServer, database: SQLiteDatabase) {
    self.port = port
    self.configuration = configuration
    self.http = http
    self.database = database
  }

  /// Graceful stop: no new connections, sockets closed with 1001, in-flight requests finished,
  /// then the database closed.
  public func stop() async {
    await http.shutdown()
    database.close()
  }

  private static func openDatabase(in directory: String) throws(StartupError) -> SQLiteDatabase {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw StartupError(message: "cannot create data directory \(directory): \(error.localizedDescription)")
    }
    do {
      return try SQLiteDatabase(path: directory + "/blastoise.db", migrations: BlastoiseSchema.migrations)
    } catch {
      throw StartupError(message: "cannot open the database: \(error.message)")
    }
  }
}

public struct StartupError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
