import BlastoiseCore
import BlastoiseStoreShared

/// Every failure the PostgreSQL store reports. `sqlState` is the server's SQLSTATE when it gave
/// one; `message` is for logs: the server's text plus the SQL that failed.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
  public enum Code: Sendable, Hashable {
    /// The server could not be reached, or the connection was lost (the next use reconnects).
    case connection
    /// The server refused a statement; `sqlState` says why.
    case sql
    /// A migration failed, or the migration list itself is invalid.
    case migration
    /// The database was migrated by a newer build (its schema is beyond the known migrations).
    case schemaTooNew
    /// API misuse: a closed database, a value PostgreSQL cannot hold, a closure that carried on
    /// after one of its statements failed.
    case misuse
  }

  public let code: Code
  public let message: String
  public let sqlState: String?

  public init(_ code: Code, _ message: String, sqlState: String? = nil) {
    self.code = code
    self.message = message
    self.sqlState = sqlState
  }

  public var description: String { "PostgresError(\(code)\(sqlState.map { ", \($0)" } ?? "")): \(message)" }

  static let closed = PostgresError(.misuse, "the database is closed")

  /// A message of libpq's, without the line break it ends with.
  static func text(_ message: UnsafePointer<CChar>?) -> String {
    let text = message.map { String(cString: $0) } ?? ""
    return String(text[..<(text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? text.startIndex)])
  }

  /// A UNIQUE or PRIMARY KEY violation (the "already exists" → 409 case).
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// The transaction lost a serialization conflict or a deadlock: running it again can succeed.
  public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

  /// The connection is gone: lost, or ended by the server (shutdown, restart, terminated backend).
  public var isConnectionLoss: Bool {
    code == .connection || sqlState?.hasPrefix("08") == true || ["57P01", "57P02", "57P03"].contains(sqlState)
  }

  /// PostgreSQL's code for a character its text cannot hold, given to a NUL refused before
  /// sending: text from a request (a room's name, say) with a NUL is the caller's mistake.
  static let nulInText = "22021"

  /// A lock stayed held past `lock_timeout`, or a statement was cancelled.
  var isTimeout: Bool { sqlState == "55P03" || sqlState == "57014" }

  /// What the domain makes of it: a duplicate is a conflict; a lost conflict that stayed lost, an
  /// unreachable server and a lock held too long are "try again" (503); a NUL in a text is bad
  /// input (400). Anything else stays a
  /// `PostgresError`: a server fault, logged and answered 500.
  var domainError: any Error {
    if isUniqueViolation { return StoreFailures.conflict }
    if sqlState == Self.nulInText { return StoreFailures.nulInText }
    if isRetryable { return CoreError(.unavailable, "The database was busy with conflicting changes; try again") }
    if isConnectionLoss { return CoreError(.unavailable, "The database cannot be reached; try again") }
    if isTimeout { return StoreFailures.busy }
    return self
  }
}
