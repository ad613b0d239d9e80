import BlastoiseCore

/// What a backend's failures mean to the domain, worded once for both backends.
public enum StoreFailures {
  /// A unique key was taken (409); stores that know which key say so in their own words.
  public static let conflict = CoreError(.conflict, "That already exists")
  /// A lock stayed held past the timeout, or the server is out of reach for now (503).
  public static let busy = CoreError(.unavailable, "The database is busy; try again")
  /// A text from a request (a room's name, say) held a NUL character (`StoreValue.isTextWithNUL`).
  public static let nulInText = CoreError.invalid("Text must not contain a NUL character")
  /// The one unique key a new user can hit.
  public static let usernameTaken = CoreError(.conflict, "That username is taken")
  /// The one unique key a new guest session can hit.
  public static let guestNameTaken = CoreError(.conflict, "That guest name is taken")

  /// Runs `body`; a conflict it meets is reported as `failure`, for a write whose only unique key
  /// is known.
  public static func naming<T>(conflict failure: CoreError, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as CoreError where error.code == .conflict {
      throw failure
    }
  }
}

/// The database answered in a way the store cannot use (a row without the column asked for): a
/// server fault, logged and answered 500.
public struct StoreFault: Error, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { "StoreFault: \(message)" }
}
