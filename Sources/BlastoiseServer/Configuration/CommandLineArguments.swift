import Foundation

/// What the command line asks for.
public enum Command: Sendable, Equatable {
  case serve(ServerConfiguration)
  /// `blastoise user add NAME [--admin]`; the password is read from standard input.
  case addUser(name: String, admin: Bool, dataDirectory: String, database: DatabaseLocation)
  /// `blastoise scan`: scan the music and upload folders once and exit.
  case scan(ServerConfiguration)
  case help
  case version
}

/// A command-line mistake: the message is printed on one line and the process exits with 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// Parses `blastoise <command> [flags]`. Each flag may also come from `BLASTOISE_<NAME>` in the
/// environment (`--data-dir` → `BLASTOISE_DATA_DIR`); a flag on the command line wins.
public enum CommandLineArguments {
  public static let usage = """
    usage: blastoise serve [--host ADDR] [--port N] [--data-dir DIR] [--database postgres://…]
                           [--music-dir DIR] [--audiobooks-dir DIR] [--web-dir DIR] [--guests] [--no-signup] [--demo] [--ytdlp]
                           [--allowed-origin ORIGIN]... [--public-url URL] [--trust-proxy]
                           [--trusted-proxy ADDR[/PREFIX]]...
                           [--session-idle-days N] [--session-max-days N] [--max-upload-mb N]
                           [--allow-private-imports] [--max-import-mb N] [--connections-per-address N]
                           [--podcast-refresh-minutes N] [--max-episode-mb N]
                           [--photos-dir DIR] [--photo-quota-gb N] [--max-photo-mb N]
           blastoise scan [--data-dir DIR] [--database postgres://…] [--music-dir DIR]
           blastoise user add NAME [--admin] [--data-dir DIR] [--database postgres://…]   (password on stdin)
           blastoise listen URL [--channel ID] [--user NAME] [--audio-output AO|null] [--status-json]
                                                                  (password: BLASTOISE_PASSWORD or stdin)
           blastoise backup DIR --server URL --user NAME [--device NAME] [--no-videos]
           blastoise --version | --help
    """

  public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
    guard let command = arguments.first else { throw UsageError(message: "missing command; try 'blastoise --help'") }
    switch command {
    case "--help", "-h", "help": return .help
    case "--version": return .version
    case "serve": return .serve(try parseServe(Array(arguments.dropFirst()), environment: environment))
    case "user": return try parseUser(Array(arguments.dropFirst()), environment: environment)
    case "scan": return .scan(try parseScan(Array(arguments.dropFirst()), environment: environment))
    default: throw UsageError(message: "unknown command '\(command)'; try 'blastoise --help'")
    }
  }

  private static func parseServe(_ arguments: [String], environment: [String: String]) throws(UsageError)
    -> ServerConfiguration
  {
    let flags = try FlagReader(
      arguments, environment: environment, valueFlags: ServeFlag.valued, switches: ServeFlag.switches)
    var configuration = ServerConfiguration()
    if let host = try flags.value("host") { configuration.host = try validHost(host) }
    if let port = try flags.value("port") {
      // 0 asks the system for a free port (the log line says which).
      guard let number = UInt16(port) else { throw UsageError(message: "--port must be 0–65535, not '\(port)'") }
      configuration.port = number
    }
    if let directory = try flags.value("data-dir") { configuration.dataDirectory = try nonEmpty(directory, "data-dir") }
    configuration.database = try database(flags)
    if let directory = try flags.value("music-dir") {
      configuration.musicDirectory = try nonEmpty(directory, "music-dir")
    }
    if let directory = try flags.value("audiobooks-dir") {
      configuration.audiobooksDirectory = try nonEmpty(directory, "audiobooks-dir")
    }
    if let directory = try flags.value("photos-dir") {
      configuration.photosDirectory = try nonEmpty(directory, "photos-dir")
    }
    if let gigabytes = try flags.value("photo-quota-gb") {
      configuration.photoQuotaBytes = Int64(try positive(gigabytes, "photo-quota-gb", limit: 1_000_000)) << 30
    }
    if let megabytes = try flags.value("max-photo-mb") {
      configuration.maxPhotoMegabytes = try positive(megabytes, "max-photo-mb", limit: 65_536)
    }
    if let directory = try flags.value("web-dir") { configuration.webDirectory = try nonEmpty(directory, "web-dir") }
    configuration.allowGuests = try flags.isSet("guests")
    configuration.allowSignup = !(try flags.isSet("no-signup"))
    configuration.demoLibrary = try flags.isSet("demo")
    configuration.urlImportEnabled = try flags.isSet("ytdlp")
    configuration.allowPrivateImports = try flags.isSet("allow-private-imports")
    configuration.trustedProxies = try trustedProxies(flags)
    if let days = try flags.value("session-idle-days") {
      configuration.sessionIdleDays = try positive(days, "session-idle-days")
    }
    if let days = try flags.value("session-max-days") {
      configuration.sessionMaxDays = try positive(days, "session-max-days")
    }
    if let megabytes = try flags.value("max-upload-mb") {
      configuration.maxUploadMegabytes = try positive(megabytes, "max-upload-mb", limit: 16_384)
    }
    if let megabytes = try flags.value("max-import-mb") {
      configuration.maxImportMegabytes = try positive(megabytes, "max-import-mb", limit: 16_384)
    }
    if let minutes = try flags.value("podcast-refresh-minutes") {
      configuration.podcastRefreshMinutes = try positive(minutes, "podcast-refresh-minutes", limit: 10_080)
    }
    if let megabytes = try flags.value("max-episode-mb") {
      configuration.maxEpisodeMegabytes = try positive(megabytes, "max-episode-mb", limit: 16_384)
    }
    if let count = try flags.value("connections-per-address") {
      // 0 lifts the cap (a proxy in front that caps them itself, a load test).
      guard let number = Int(count), (0...100_000).contains(number) else {
        throw UsageError(message: "--connections-per-address must be a whole number from 0 to 100000, not '\(count)'")
      }
      configuration.connectionsPerAddress = number
    }
    configuration.allowedOrigins = try flags.values("allowed-origin").map { origin throws(UsageError) in
      guard let normalized = OriginPolicy.normalize(origin) else {
        throw UsageError(message: "--allowed-origin must look like https://host[:port], not '\(origin)'")
      }
      return normalized
    }
    if let url = try flags.value("public-url") {
      guard let normalized = OriginPolicy.normalize(url) else {
        throw UsageError(message: "--public-url must look like https://host[:port], not '\(url)'")
      }
      configuration.publicURL = normalized
    }
    return configuration
  }

  private static func parseUser(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
    guard arguments.first == "add" else { throw UsageError(message: "usage: blastoise user add NAME [--admin]") }
    guard arguments.count >= 2, !arguments[1].hasPrefix("--") else {
      throw UsageError(message: "blastoise user add needs a NAME")
    }
    let flags = try FlagReader(
      Array(arguments.dropFirst(2)), environment: environment, valueFlags: ["data-dir", "database"],
      switches: ["admin"])
    return .addUser(
      name: arguments[1], admin: try flags.isSet("admin"),
      dataDirectory: try flags.value("data-dir").map { v throws(UsageError) in try nonEmpty(v, "data-dir") }
        ?? "./data",
      database: try database(flags))
  }

  private static func parseScan(_ arguments: [String], environment: [String: String]) throws(UsageError)
    -> ServerConfiguration
  {
    let flags = try FlagReader(
      arguments, environment: environment, valueFlags: ["data-dir", "database", "music-dir"], switches: [])
    var configuration = ServerConfiguration()
    if let directory = try flags.value("data-dir") { configuration.dataDirectory = try nonEmpty(directory, "data-dir") }
    configuration.database = try database(flags)
    if let directory = try flags.value("music-dir") {
      configuration.musicDirectory = try nonEmpty(directory, "music-dir")
    }
    return configuration
  }

  /// `--trusted-proxy` blocks, plus loopback for `--trust-proxy` (a reverse proxy on this
  /// machine, the setup that flag has always meant).
  private static func trustedProxies(_ flags: FlagReader) throws(UsageError) -> [AddressRange] {
    var ranges = try flags.values("trusted-proxy").map { text throws(UsageError) in
      guard let range = AddressRange(text.trimmingCharacters(in: .whitespaces)) else {
        throw UsageError(message: "--trusted-proxy must be an IP address or ADDR/PREFIX, not '\(text)'")
      }
      return range
    }
    if try flags.isSet("trust-proxy") { ranges += AddressRange.loopback }
    return ranges
  }

  private static func database(_ flags: FlagReader) throws(UsageError) -> DatabaseLocation {
    try flags.value("database").map { value throws(UsageError) in try DatabaseLocation.parse(value) } ?? .sqlite
  }

  private static func positive(_ value: String, _ flag: String, limit: Int = 3650) throws(UsageError) -> Int {
    guard let number = Int(value), number > 0, number <= limit else {
      throw UsageError(message: "--\(flag) must be a whole number from 1 to \(limit), not '\(value)'")
    }
    return number
  }

  private static func validHost(_ host: String) throws(UsageError) -> String {
    let isIPv4 =
      host.split(separator: ".", omittingEmptySubsequences: false).count == 4
      && host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { UInt8($0) != nil }
    let isIPv6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    guard isIPv4 || isIPv6 else { throw UsageError(message: "--host must be a numeric IP address, not '\(host)'") }
    return host
  }

  private static func nonEmpty(_ value: String, _ flag: String) throws(UsageError) -> String {
    guard !value.isEmpty else { throw UsageError(message: "--\(flag) must not be empty") }
    return value
  }
}

enum ServeFlag {
  static let valued: Set<String> = [
    "host", "port", "data-dir", "database", "music-dir", "audiobooks-dir", "web-dir", "allowed-origin", "trusted-proxy",
    "session-idle-days", "session-max-days", "max-upload-mb", "max-import-mb", "public-url", "connections-per-address",
    "podcast-refresh-minutes", "max-episode-mb", "photos-dir", "photo-quota-gb", "max-photo-mb",
  ]
  static let switches: Set<String> = ["guests", "no-signup", "demo", "ytdlp", "trust-proxy", "allow-private-imports"]
}
