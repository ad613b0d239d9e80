import Foundation

/// Reads `--name value`, `--name=value` and `--switch` flags, falling back to the environment.
struct FlagReader {
  private var given: [String: [String]] = [:]
  private let environment: [String: String]

  init(_ arguments: [String], environment: [String: String], valueFlags: Set<String>, switches: Set<String>)
    throws(UsageError)
  {
    self.environment = environment
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("--"), argument.count > 2 else {
        throw UsageError(message: "unexpected argument '\(argument)'")
      }
      let body = argument.dropFirst(2)
      let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      if switches.contains(name) {
        guard parts.count == 1 else { throw UsageError(message: "--\(name) takes no value") }
        given[name, default: []].append("true")
      } else if valueFlags.contains(name) {
        if parts.count == 2 {
          given[name, default: []].append(String(parts[1]))
        } else {
          index += 1
          guard index < arguments.count else { throw UsageError(message: "--\(name) needs a value") }
          given[name, default: []].append(arguments[index])
        }
      } else {
        throw UsageError(message: "unknown flag '--\(name)'")
      }
      index += 1
    }
  }

  static func environmentName(_ flag: String) -> String {
    "BLASTOISE_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
  }

  func value(_ name: String) throws(UsageError) -> String? {
    if let values = given[name] {
      guard values.count == 1 else { throw UsageError(message: "--\(name) given more than once") }
      return values[0]
    }
    return environment[Self.environmentName(name)]
  }

  func values(_ name: String) throws(UsageError) -> [String] {
    if let values = given[name] { return values }
    guard let joined = environment[Self.environmentName(name)] else { return [] }
    return joined.split(separator: ",").map { String($0) }
  }

  /// A switch is on when given, or when its variable is `1`, `true` or `yes`.
  func isSet(_ name: String) throws(UsageError) -> Bool {
    if given[name] != nil { return true }
    guard let raw = environment[Self.environmentName(name)]?.lowercased() else { return false }
    switch raw {
    case "1", "true", "yes", "on": return true
    case "0", "false", "no", "off", "": return false
    default: throw UsageError(message: "\(Self.environmentName(name)) must be true or false, not '\(raw)'")
    }
  }
}
