import CSQLite

/// Every failure the store reports. Callers switch on `code` (e.g. `.constraint` → HTTP 409);
/// `message` is for logs: SQLite's own text plus the SQL that failed.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  public enum Code: Sendable, Hashable {
    /// The file could not be opened or configured (bad path, not a database, WAL refused…).
    case cannotOpen
    /// Any other SQLite error (syntax, I/O, full disk…).
    case sql
    /// UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK or NOT NULL violation. See `isUniqueViolation`.
    case constraint
    /// Another process held the lock longer than the busy timeout.
    case busy
    /// A migration failed, or the migration list itself is invalid.
    case migration
    /// The file was written by a newer build (its schema version is beyond the known migrations).
    case schemaTooNew
    /// `read`/`write`/`migrate` was called from inside another `read`/`write` on the same thread.
    case nestedAccess
    /// A text parameter held a NUL character, which neither backend stores (PostgreSQL cannot).
    case nulInText
    /// API misuse: closed database, connection used outside its closure, wrong parameter count,
    /// several statements in one call, a write inside `read`, BEGIN/COMMIT/ROLLBACK in caller SQL.
    case misuse
  }

  public let code: Code
  public let message: String
  /// SQLite's extended result code when the error came from SQLite.
  public let sqliteCode: Int32?

  public init(_ code: Code, _ message: String, sqliteCode: Int32? = nil) {
    self.code = code
    self.message = message
    self.sqliteCode = sqliteCode
  }

  /// True for UNIQUE and PRIMARY KEY violations (the "already exists" → 409 case), as opposed to
  /// FOREIGN KEY / CHECK / NOT NULL violations, which share `code == .constraint`.
  public var isUniqueViolation: Bool {
    sqliteCode == Self.constraintUnique || sqliteCode == Self.constraintPrimaryKey
  }

  public var description: String { "StoreError(\(code)): \(message)" }

  // The header spells these as macro expressions, which Swift does not import.
  static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
  static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

  /// Builds an error from a SQLite result code; reads `sqlite3_errmsg` so call it before anything
  /// else touches the connection.
  static func sqlite(_ rc: Int32, _ db: OpaquePointer?, sql: String) -> StoreError {
    let text = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
    return sqlite(rc, text: text, sql: sql)
  }

  static func sqlite(_ rc: Int32, text: String, sql: String) -> StoreError {
    let code: Code =
      switch rc & 0xff {  // the primary code is the low byte of an extended one
      case SQLITE_CONSTRAINT: .constraint
      case SQLITE_BUSY, SQLITE_LOCKED: .busy
      case SQLITE_AUTH: .misuse  // only our authorizer denies anything
      default: .sql
      }
    let hint = rc == SQLITE_AUTH ? " (the store manages transactions: use SAVEPOINT, not BEGIN/COMMIT)" : ""
    return StoreError(code, "\(text)\(hint) (SQLite \(rc)) in: \(sql)", sqliteCode: rc)
  }

  static func misuse(_ message: String) -> StoreError { StoreError(.misuse, message) }

  static let closed = StoreError(.misuse, "the database is closed")
}
