/// `blastoise backup DIR --server URL --user NAME [--device NAME] [--no-videos]`. The password
/// only from `BLASTOISE_PASSWORD` or standard input, never from the command line.
public struct BackupOptions: Sendable, Equatable {
  public var directory: String
  public var server: String
  public var user: String
  /// The device the photos come from, as the server lists it (default: this machine's name).
  public var device: String
  public var includeVideos = true

  public static let usage =
    "usage: blastoise backup DIR --server URL --user NAME [--device NAME] [--no-videos]   (password: BLASTOISE_PASSWORD or stdin)"

  public static func parse(_ arguments: [String], environment: [String: String], hostName: String)
    throws(CommandUsageError) -> BackupOptions
  {
    let flags = try CommandFlags(
      arguments, command: "backup", valued: ["server", "user", "device"], switches: ["no-videos"],
      environment: environment, usage: usage)
    guard flags.positional.count == 1, let directory = flags.positional.first else {
      throw CommandUsageError(flags.positional.isEmpty ? "blastoise backup needs the folder to back up" : usage)
    }
    guard let server = flags.value("server") ?? environment["BLASTOISE_URL"] else {
      throw CommandUsageError("blastoise backup needs --server URL, e.g. http://localhost:3001")
    }
    guard let user = flags.value("user") else { throw CommandUsageError("blastoise backup needs --user NAME") }
    var options = BackupOptions(
      directory: directory, server: server, user: user, device: flags.value("device") ?? hostName)
    options.includeVideos = !flags.switches.contains("no-videos")
    return options
  }
}
