import BlastoiseClient

/// `blastoise listen URL [--channel ID] [--invite TOKEN] [--user NAME] [--audio-output AO] [--output-delay MS] [--leveling track|album|off] [--status-json]`;
/// URL may be a room's invite link from the web app (`…/#/room/<id>?invite=<token>`), which names
/// the room and its token.
/// Each value flag may also come from `BLASTOISE_<NAME>` (`--user` → `BLASTOISE_USER`); the
/// password only from `BLASTOISE_PASSWORD` or standard input, never from the command line.
public struct ListenOptions: Sendable, Equatable {
  public var server: String
  public var roomID: String?
  /// A private room's invite token.
  public var invite: String?
  public var user: String?
  /// mpv's `ao`; `null` plays silently (machines without sound, tests, benches).
  public var audioOutput: String?
  /// How late the speakers play what mpv says it plays, in ms (Bluetooth: often 100–300): the
  /// player keeps that much ahead of the room.
  public var outputDelayMs: Double = 0
  /// ReplayGain leveling (on by default).
  public var leveling = Leveling.track
  /// One JSON object per line on stdout instead of the status line (for scripts and benches).
  public var statusJSON = false

  public static let usage =
    "usage: blastoise listen URL|INVITE-LINK [--channel ID] [--invite TOKEN] [--user NAME] [--audio-output AO|null] [--output-delay MS] [--leveling track|album|off] [--status-json]"

  public static func parse(_ arguments: [String], environment: [String: String]) throws(CommandUsageError)
    -> ListenOptions
  {
    let flags = try CommandFlags(
      arguments, command: "listen", valued: ["channel", "invite", "user", "audio-output", "output-delay", "leveling"],
      switches: ["status-json"],
      environment: environment, usage: usage)
    guard flags.positional.count <= 1 else { throw CommandUsageError("unexpected argument '\(flags.positional[1])'") }
    guard let server = flags.positional.first ?? environment["BLASTOISE_URL"] else {
      throw CommandUsageError("blastoise listen needs the server's URL, e.g. http://localhost:3001")
    }
    var delay = 0.0
    if let text = flags.value("output-delay") {
      guard let ms = Double(text), ms.isFinite, (-500...3000).contains(ms) else {
        throw CommandUsageError("--output-delay is milliseconds, from -500 to 3000")
      }
      delay = ms
    }
    var leveling = Leveling.track
    if let text = flags.value("leveling") {
      guard let chosen = Leveling(rawValue: text) else { throw CommandUsageError("--leveling is track, album or off") }
      leveling = chosen
    }
    let link = InviteLink(server)
    return ListenOptions(
      server: link?.server ?? server, roomID: flags.value("channel") ?? link?.roomID,
      invite: flags.value("invite") ?? link?.invite, user: flags.value("user"),
      audioOutput: flags.value("audio-output"), outputDelayMs: delay, leveling: leveling,
      statusJSON: flags.switches.contains("status-json"))
  }
}
