import CSQLite

/// Prepared statements of one connection, keyed by the address of their SQL literal, or by their
/// text when put together from several (`StoreSQL`, the shared stores' statements).
///
/// SQL is a `StaticString` or a `StoreSQL` made of them. A `StaticString`'s bytes live in the
/// binary's constant data for the whole process, so the address identifies the text without
/// hashing it. The length is part of the key only as a belt-and-braces guard against two
/// literals sharing a start address.
///
/// The linker merges identical literals across modules, so a caller's "COMMIT" can share its
/// address with the store's own. `privileged` statements (compiled with transaction control
/// allowed) are therefore cached apart, or callers would reuse them past the authorizer.
final class StatementCache {
  private struct Key: Hashable {
    let start: UnsafeRawPointer
    let count: Int
    let privileged: Bool
  }

  private var statements: [Key: OpaquePointer] = [:]
  /// Statements whose text was put together from literals (`StoreSQL`), keyed by that text.
  private var composed: [TextKey: OpaquePointer] = [:]

  private struct TextKey: Hashable {
    let text: String
    let privileged: Bool
  }

  /// The prepared statement for `sql`, preparing and caching it on first use.
  func statement(
    for sql: StaticString, db: OpaquePointer, privileged: Bool
  ) throws(StoreError) -> OpaquePointer {
    // A StaticString without a pointer is a single Unicode scalar: never a valid statement.
    guard sql.hasPointerRepresentation else { throw .misuse("not an SQL statement: \(sql)") }
    let key = Key(
      start: UnsafeRawPointer(sql.utf8Start), count: sql.utf8CodeUnitCount, privileged: privileged)
    if let cached = statements[key] { return cached }
    let prepared = sql.withUTF8Buffer { text in
      Result { () throws(StoreError) in try Self.prepare(text, db: db, sql: "\(sql)") }
    }
    let stmt = try prepared.get()
    statements[key] = stmt
    return stmt
  }

  /// The prepared statement for `text`, preparing and caching it on first use.
  func statement(for text: String, db: OpaquePointer, privileged: Bool) throws(StoreError) -> OpaquePointer {
    let key = TextKey(text: text, privileged: privileged)
    if let cached = composed[key] { return cached }
    var copy = text
    let prepared = copy.withUTF8 { bytes in
      Result { () throws(StoreError) in try Self.prepare(bytes, db: db, sql: text) }
    }
    let stmt = try prepared.get()
    composed[key] = stmt
    return stmt
  }

  /// Finalizes every statement; must run before `sqlite3_close`.
  func finalizeAll() {
    for stmt in statements.values { sqlite3_finalize(stmt) }
    for stmt in composed.values { sqlite3_finalize(stmt) }
    statements.removeAll()
    composed.removeAll()
  }

  private static func prepare(
    _ text: UnsafeBufferPointer<UInt8>, db: OpaquePointer, sql: String
  ) throws(StoreError) -> OpaquePointer {
    guard let base = text.baseAddress else { throw .misuse("no SQL statement in: \(sql)") }
    let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    let count = text.count
    var stmt: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    // PERSISTENT: these live for the connection's lifetime, so let SQLite allocate accordingly.
    let rc = sqlite3_prepare_v3(
      db, start, Int32(count), UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, &tail)
    guard rc == SQLITE_OK else { throw .sqlite(rc, db, sql: sql) }
    guard let stmt else { throw .misuse("no SQL statement in: \(sql)") }

    // sqlite3_prepare compiles only the first statement and silently ignores the rest, which
    // would drop half of "INSERT …; UPDATE …". Reject anything after it other than blanks/comments.
    if let tail, tail < start + count {
      var extra: OpaquePointer?
      let remaining = Int32(start + count - tail)
      let rc2 = sqlite3_prepare_v2(db, tail, remaining, &extra, nil)
      sqlite3_finalize(extra)
      if rc2 != SQLITE_OK || extra != nil {
        sqlite3_finalize(stmt)
        throw .misuse("only one SQL statement per call (use a Migration for scripts): \(sql)")
      }
    }
    return stmt
  }
}
