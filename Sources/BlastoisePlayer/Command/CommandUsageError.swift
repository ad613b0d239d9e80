/// A mistake on a client command's command line (exit 2), or `--help`'s usage text.
public struct CommandUsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  init(_ message: String) { self.message = message }
  public var description: String { message }
}
