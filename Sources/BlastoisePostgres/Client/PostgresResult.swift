import BlastoiseStoreShared
import CLibPQ

/// One command's result, copied out of libpq's `PGresult`: rows decoded by column type from
/// PostgreSQL's text format, and the number of rows the command touched.
struct PostgresResult {
  let rows: [StoreRow]
  let affected: Int

  init(_ result: OpaquePointer) {
    let count = PQntuples(result)
    let fields = PQnfields(result)
    let columns = StoreColumns(names: (0..<fields).map { String(cString: PQfname(result, $0)) })
    let types = (0..<fields).map { PQftype(result, $0) }
    rows = (0..<count).map { row in
      StoreRow(columns: columns, values: (0..<fields).map { Self.value(result, row, $0, type: types[Int($0)]) })
    }
    affected = Int(String(cString: PQcmdTuples(result))) ?? 0
  }

  /// Integers and flags become `.integer`, floating-point and numeric `.real`, bytea `.blob`, and
  /// everything else (text, jsonb, timestamps…) `.text`.
  private static func value(_ result: OpaquePointer, _ row: Int32, _ field: Int32, type: Oid) -> StoreValue {
    guard PQgetisnull(result, row, field) == 0 else { return .null }
    let text = String(cString: PQgetvalue(result, row, field))
    switch type {
    case TypeOID.bool: return .integer(text == "t" ? 1 : 0)
    case TypeOID.int8, TypeOID.int2, TypeOID.int4, TypeOID.oid:
      return Int64(text).map(StoreValue.integer) ?? .text(text)
    case TypeOID.float4, TypeOID.float8, TypeOID.numeric: return double(text).map(StoreValue.real) ?? .text(text)
    case TypeOID.bytea: return hexBytes(text).map(StoreValue.blob) ?? .text(text)
    default: return .text(text)
    }
  }

  private static func double(_ text: String) -> Double? {
    switch text {
    case "NaN": .nan
    case "Infinity": .infinity
    case "-Infinity": -.infinity
    default: Double(text)
    }
  }

  /// bytea's text form: `\x` and two hex digits a byte.
  private static func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8.dropFirst(2))
    guard text.hasPrefix("\\x"), digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// The error a failed result carries, with its SQLSTATE. `connectionLost`: the connection went
  /// with it (the server ended the session), so the next use must reconnect.
  static func failure(_ result: OpaquePointer, connectionLost: Bool, sql: String) -> PostgresError {
    let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
    let message = PostgresError.text(PQresultErrorMessage(result))
    return PostgresError(connectionLost ? .connection : .sql, "\(message) in: \(sql)", sqlState: state)
  }
}

/// The built-in type OIDs results are decoded by (`pg_type`; fixed across PostgreSQL versions).
private enum TypeOID {
  static let bool: Oid = 16
  static let bytea: Oid = 17
  static let int8: Oid = 20
  static let int2: Oid = 21
  static let int4: Oid = 23
  static let oid: Oid = 26
  static let float4: Oid = 700
  static let float8: Oid = 701
  static let numeric: Oid = 1700
}
