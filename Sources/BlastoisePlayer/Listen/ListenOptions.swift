/// `blastoise listen URL [--channel ID] [--user NAME] [--audio-output AO] [--status-json]`.
/// Each value flag may also come from `BLASTOISE_<NAME>` (`--user` → `BLASTOISE_USER`); the
/// password only from `BLASTOISE_PASSWORD` or standard input, never from the command line.
public struct ListenOptions: Sendable, Equatable {
  public var server: String
  public var roomID: String?
  public var user: String?
  /// mpv's `ao`; `null` plays silently (machines without sound, tests, benches).
  public var audioOutput: String?
  /// One JSON object per line on stdout instead of the status line (for scripts and benches).
  public var statusJSON = false

  public static let usage =
    "usage: blastoise listen URL [--channel ID] [--user NAME] [--audio-output AO|null] [--status-json]"

  public static func parse(_ arguments: [String], environment: [String: String]) throws(ListenUsageError)
    -> ListenOptions
  {
    var server: String?
    var values: [String: String] = [:]
    var statusJSON = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--") else {
        guard server == nil else { throw ListenUsageError("unexpected argument '\(argument)'") }
        server = argument
        continue
      }
      var name = String(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      switch name {
      case "status-json":
        guard value == nil else { throw ListenUsageError("--status-json takes no value") }
        statusJSON = true
      case "channel", "user", "audio-output":
        if value == nil {
          guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw ListenUsageError("--\(name) needs a value")
          }
          value = arguments[index]
          index += 1
        }
        guard let value, !value.isEmpty else { throw ListenUsageError("--\(name) must not be empty") }
        values[name] = value
      case "help":
        throw ListenUsageError(usage)
      default:
        throw ListenUsageError("unknown flag '--\(name)' for listen")
      }
    }
    guard let server = server ?? environment["BLASTOISE_URL"] else {
      throw ListenUsageError("blastoise listen needs the server's URL, e.g. http://localhost:3001")
    }
    func value(_ name: String) -> String? {
      values[name]
        ?? environment["BLASTOISE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")]
        .flatMap { $0.isEmpty ? nil : $0 }
    }
    return ListenOptions(
      server: server, roomID: value("channel"), user: value("user"), audioOutput: value("audio-output"),
      statusJSON: statusJSON)
  }
}

public struct ListenUsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  init(_ message: String) { self.message = message }
  public var description: String { message }
}
