/// The command line of a client command: positional arguments, `--name VALUE` (or
/// `--name=VALUE`) for the flags in `valued`, bare `--name` for those in `switches`. A valued
/// flag may also come from `BLASTOISE_<NAME>` (`--user` → `BLASTOISE_USER`).
struct CommandFlags {
  var positional: [String] = []
  private var values: [String: String] = [:]
  private(set) var switches: Set<String> = []
  private let environment: [String: String]

  init(
    _ arguments: [String], command: String, valued: Set<String>, switches known: Set<String>,
    environment: [String: String], usage: String
  ) throws(CommandUsageError) {
    self.environment = environment
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--") else {
        positional.append(argument)
        continue
      }
      var name = String(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if name == "help" { throw CommandUsageError(usage) }
      if known.contains(name) {
        guard value == nil else { throw CommandUsageError("--\(name) takes no value") }
        switches.insert(name)
      } else if valued.contains(name) {
        if value == nil {
          guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw CommandUsageError("--\(name) needs a value")
          }
          value = arguments[index]
          index += 1
        }
        guard let value, !value.isEmpty else { throw CommandUsageError("--\(name) must not be empty") }
        values[name] = value
      } else {
        throw CommandUsageError("unknown flag '--\(name)' for \(command)")
      }
    }
  }

  func value(_ name: String) -> String? {
    values[name]
      ?? environment["BLASTOISE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")]
      .flatMap { $0.isEmpty ? nil : $0 }
  }
}
