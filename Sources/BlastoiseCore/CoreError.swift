/// The one error type of the domain. The server maps each code to an HTTP status in one place.
public struct CoreError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Code: Sendable, Equatable {
    case invalidInput
    case unauthenticated
    case forbidden
    case notFound
    case conflict
    case rateLimited(retryAfterSeconds: Int)
    case unavailable
  }

  public let code: Code
  public let message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }

  public static func invalid(_ message: String) -> CoreError { CoreError(.invalidInput, message) }
}
