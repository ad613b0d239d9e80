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
    }
  }

  private static func serve(_ configuration: ServerConfiguration) async -> Never {
    let server: RunningServer
    do {
      server = try RunningServer.start(configuration)
    } catch {
      ServerLog.write("blastoise: \(error.message)")
      exit(1)
    }
    ServerLog.write("listening on http://\(configuration.host):\(server.port) (data in \(configuration.dataDirectory))")
    let received = await ShutdownSignal.next()
    ServerLog.write("received \(received), shutting down")
    await server.stop()
    ServerLog.write("stopped")
    exit(0)
  }
}
