import BlastoiseServer

/// The executable only hands the command line to the server module. `@main` rather than
/// top-level code: top-level closures would be main-actor isolated (design §9).
@main
struct Blastoise {
  static func main() async {
    await BlastoiseCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
  }
}
