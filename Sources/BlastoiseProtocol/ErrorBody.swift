/// Every error answer on the wire: `{ "error": "…" }`.
public struct ErrorBody: Codable, Sendable, Equatable {
  public var error: String

  public init(error: String) {
    self.error = error
  }
}
