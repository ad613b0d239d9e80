import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// Runs a parsed command line: exit 0 on success, 1 when the server cannot start, 2 on a usage
/// mistake (with a one-line message).
public enum BlastoiseCommand {
  public static func run(arguments: [String]) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let command: Command
    do {
      command = try CommandLineArguments.parse(arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
      // A usage mistake is one plain line, no timestamp: it is for the person typing.
      FileHandle.standardError.write(Data("blastoise: \(error.message)\n".utf8))
      exit(2)
    }
    switch command {
    case .help:
      print(CommandLineArguments.usage)
      exit(0)
    case .version:
      print("blastoise \(BlastoiseVersion.current)")
      exit(0)
    case .serve(let configuration):
      await serve(configuration)
    case .addUser(let name, let admin, let dataDirectory, let database):
      await addUser(name: name, admin: admin, dataDirectory: dataDirectory, database: database)
    case .scan(let configuration):
      await scan(configuration)
    }
  }

  private static func scan(_ configuration: ServerConfiguration) async -> Never {
    do {
      let services = try await ServerServices.open(configuration)
      let summary = try await services.library.scan(.command)
      await services.storage.close()
      print(
        "scanned: \(summary.added) read, \(summary.unchanged) unchanged, \(summary.missing) missing, \(summary.skipped) skipped"
      )
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("blastoise: \(error)\n".utf8))
      exit(1)
    }
  }

  /// `blastoise user add NAME`: the password is the first line of standard input, so it never
  /// shows in `ps` or shell history.
  private static func addUser(name: String, admin: Bool, dataDirectory: String, database: DatabaseLocation) async
    -> Never
  {
    guard let password = readLine(strippingNewline: true), !password.isEmpty else {
      FileHandle.standardError.write(Data("blastoise: give the password on standard input\n".utf8))
      exit(2)
    }
    var configuration = ServerConfiguration()
    configuration.dataDirectory = dataDirectory
    configuration.database = database
    do {
      let services = try await ServerServices.open(configuration)
      let user = try await services.accounts.addUser(Credentials(username: name, password: password), admin: admin)
      await services.storage.close()
      print("created \(user.role.rawValue) '\(user.username)' (id \(user.id))")
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("blastoise: \(error)\n".utf8))
      exit(1)
    }
  }

  private static func serve(_ configuration: ServerConfiguration) async -> Never {
    FreedMemory.limitArenas()
    let files = OpenFileLimit.raise()
    ServerLog.write(
      files.before == files.after
        ? "limits: \(files.after) open files" : "limits: open files raised from \(files.before) to \(files.after)")
    let server: RunningServer
    do {
      server = try await RunningServer.start(configuration)
    } catch {
      ServerLog.write("blastoise: \(error.message)")
      exit(1)
    }
    let perAddress =
      server.connectionsPerAddress == 0 ? "no cap per address" : "\(server.connectionsPerAddress) per address"
    ServerLog.write(
      "listening on http://\(configuration.host):\(server.port) (data in \(configuration.dataDirectory), "
        + "database \(configuration.database); up to \(server.connectionLimit) connections, \(perAddress))")
    let received = await ShutdownSignal.next()
    ServerLog.write("received \(received), shutting down")
    await server.stop()
    ServerLog.write("stopped")
    exit(0)
  }
}
