/// An error a handler throws to answer with `status` and `{ "error": message }`.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  public let status: HTTPStatus
  public let message: String
  public var headers: [(String, String)] = []

  public init(_ status: HTTPStatus, _ message: String, headers: [(String, String)] = []) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  public var description: String { "\(status.rawValue) \(message)" }

  public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
    lhs.status == rhs.status && lhs.message == rhs.message
  }
}
