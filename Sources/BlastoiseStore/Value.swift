/// One SQLite value, as bound to a `?` parameter or read from a column.
///
/// Note: SQLite stores a NaN `.real` as NULL, and a Bool as the integer 0 or 1.
public enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
  public init(nilLiteral: ()) { self = .null }
}

/// A Swift type with a natural SQLite representation, so `SQLiteValue(x)` works for it
/// and for its Optional (nil becomes NULL).
public protocol SQLiteValueConvertible {
  var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue {
  public init(_ value: some SQLiteValueConvertible) { self = value.sqliteValue }
  public init(_ value: (some SQLiteValueConvertible)?) { self = value?.sqliteValue ?? .null }
}

extension Int: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}
extension Int64: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .integer(self) }
}
extension Int32: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}
extension Double: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .real(self) }
}
extension Bool: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}
extension String: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .text(self) }
}
extension Substring: SQLiteValueConvertible {
  public var sqliteValue: SQLiteValue { .text(String(self)) }
}
extension Array: SQLiteValueConvertible where Element == UInt8 {
  public var sqliteValue: SQLiteValue { .blob(self) }
}
