import BlastoisePlayer
import BlastoiseServer

/// The executable only hands the command line to the modules: `listen`, `backup` and `bridge-host`
/// to the Linux client, everything else to the server. `@main` rather than top-level code:
/// top-level closures would be main-actor isolated (design §9).
@main
struct Blastoise {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "listen" {
      await ListenCommand.run(arguments: Array(arguments.dropFirst()))
    }
    if arguments.first == "backup" {
      await BackupCommand.run(arguments: Array(arguments.dropFirst()))
    }
    if arguments.first == "bridge-host" {
      await BridgeHostCommand.run(arguments: Array(arguments.dropFirst()))
    }
    await BlastoiseCommand.run(arguments: arguments)
  }
}
