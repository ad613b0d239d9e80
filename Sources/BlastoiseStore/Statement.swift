import BlastoiseStoreShared
import CSQLite

// SQLite copies the bytes during the bind call (SQLITE_TRANSIENT, which Swift cannot import).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension SQLiteHandle {
  /// Fetches the cached statement for `sql`, binds `params`, hands it to `body`, and always
  /// resets it and clears its bindings afterwards so the next use starts clean.
  func run<R>(
    _ sql: StaticString, _ params: [SQLiteValue], readOnly: Bool, privileged: Bool = false,
    _ body: (OpaquePointer) throws(StoreError) -> R
  ) throws(StoreError) -> R {
    guard let db else { throw StoreError.closed }
    return try run(try cache.statement(for: sql, db: db, privileged: privileged), sql, params, readOnly, body)
  }

  /// `run` for a shared store's statement (`StoreSQL`): cached by its literal's address when it
  /// is one literal, by its text when it was put together from several.
  func run<R>(
    _ sql: StoreSQL, _ params: [SQLiteValue], readOnly: Bool, _ body: (OpaquePointer) throws(StoreError) -> R
  ) throws(StoreError) -> R {
    if let literal = sql.literal { return try run(literal, params, readOnly: readOnly, body) }
    guard let db else { throw StoreError.closed }
    return try run(try cache.statement(for: sql.text, db: db, privileged: false), sql, params, readOnly, body)
  }

  private func run<R>(
    _ stmt: OpaquePointer, _ sql: some CustomStringConvertible, _ params: [SQLiteValue], _ readOnly: Bool,
    _ body: (OpaquePointer) throws(StoreError) -> R
  ) throws(StoreError) -> R {
    defer {
      sqlite3_reset(stmt)
      sqlite3_clear_bindings(stmt)
    }
    if readOnly && sqlite3_stmt_readonly(stmt) == 0 {
      throw .misuse("statement writes to the database inside read(); use write(): \(sql)")
    }
    let names = (0..<sqlite3_bind_parameter_count(stmt)).map { index in
      sqlite3_bind_parameter_name(stmt, index + 1).map { String(cString: $0) }
    }
    let offsets: [Int]
    do throws(SQLiteParameters.Problem) {
      offsets = try SQLiteParameters.valueOffsets(names: names, valueCount: params.count)
    } catch {
      throw .misuse("\(error.message): \(sql)")
    }
    for (index, offset) in offsets.enumerated() {
      try bind(params[offset], at: Int32(index + 1), stmt, sql)
    }
    return try body(stmt)
  }

  /// Advances `stmt`: true when a row is available, false when done.
  func step(_ stmt: OpaquePointer, _ sql: some CustomStringConvertible) throws(StoreError) -> Bool {
    switch sqlite3_step(stmt) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let rc: throw .sqlite(rc, db, sql: "\(sql)")
    }
  }

  /// Column names of the current result set, read once per query rather than per row.
  func columns(of stmt: OpaquePointer) -> StoreColumns {
    let count = sqlite3_column_count(stmt)
    return StoreColumns(
      names: (0..<count).map { i in sqlite3_column_name(stmt, i).map { String(cString: $0) } ?? "" })
  }

  func row(_ stmt: OpaquePointer, _ columns: StoreColumns) -> SQLiteRow {
    let values = (0..<Int32(columns.names.count)).map { value(stmt, $0) }
    return SQLiteRow(columns: columns, values: values)
  }

  private func value(_ stmt: OpaquePointer, _ i: Int32) -> SQLiteValue {
    switch sqlite3_column_type(stmt, i) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(stmt, i))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(stmt, i))
    case SQLITE_TEXT:
      // Fetch the pointer before the length, as the SQLite docs prescribe.
      guard let p = sqlite3_column_text(stmt, i) else { return .text("") }
      let n = Int(sqlite3_column_bytes(stmt, i))
      return .text(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
    case SQLITE_BLOB:
      // A zero-length blob comes back as a NULL pointer but is still a blob.
      guard let p = sqlite3_column_blob(stmt, i) else { return .blob([]) }
      let n = Int(sqlite3_column_bytes(stmt, i))
      return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
    default:
      return .null
    }
  }

  private func bind(
    _ value: SQLiteValue, at index: Int32, _ stmt: OpaquePointer, _ sql: some CustomStringConvertible
  ) throws(StoreError) {
    let rc: Int32
    switch value {
    case .null:
      rc = sqlite3_bind_null(stmt, index)
    case .integer(let v):
      rc = sqlite3_bind_int64(stmt, index, v)
    case .real(let v):
      rc = sqlite3_bind_double(stmt, index, v)
    case .text(var s):
      // PostgreSQL's rule, so what one backend takes the other takes too.
      guard !value.isTextWithNUL else {
        throw StoreError(.nulInText, "A text parameter held a NUL character, in: \(sql)")
      }
      // An empty buffer may have a nil base address, and a nil pointer would bind NULL
      // instead of "".
      rc = s.withUTF8 { buf in
        buf.withMemoryRebound(to: CChar.self) { chars in
          let utf8 = UInt8(SQLITE_UTF8)
          guard let base = chars.baseAddress, !chars.isEmpty else {
            return sqlite3_bind_text64(stmt, index, "", 0, transient, utf8)
          }
          return sqlite3_bind_text64(stmt, index, base, UInt64(chars.count), transient, utf8)
        }
      }
    case .blob(let bytes):
      // Likewise an empty array may have no base address, and a nil blob pointer binds NULL.
      rc =
        bytes.isEmpty
        ? sqlite3_bind_zeroblob(stmt, index, 0)
        : bytes.withUnsafeBytes { buf in
          sqlite3_bind_blob64(stmt, index, buf.baseAddress, UInt64(buf.count), transient)
        }
    }
    guard rc == SQLITE_OK else { throw .sqlite(rc, db, sql: "\(sql)") }
  }
}
