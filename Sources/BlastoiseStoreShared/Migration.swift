/// One schema step of a backend. Versions are 1, 2, 3… in order and, once shipped, a migration is
/// never edited or removed: databases in the field record how far they got.
///
/// `sql` may hold several statements. It runs inside the migration transaction, so it must not
/// contain BEGIN/COMMIT/ROLLBACK.
public struct Migration: Sendable {
  public let version: Int
  public let name: String
  public let sql: StaticString

  public init(version: Int, name: String, sql: StaticString) {
    self.version = version
    self.name = name
    self.sql = sql
  }

  /// What is wrong with the list, or nil when its versions are 1, 2, 3… with no gaps or repeats.
  public static func problem(in migrations: [Migration]) -> String? {
    for (offset, m) in migrations.enumerated() where m.version != offset + 1 {
      return "migration versions must be 1, 2, 3… with no gaps or repeats; entry \(offset + 1) "
        + "(\"\(m.name)\") has version \(m.version)"
    }
    return nil
  }

  /// The SQL as a String, to run as it is.
  public var text: String { sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}
