/// One value bound to a statement's parameter or read from a column, in either backend's store.
/// A flag is the integer 0 or 1 (a SQLite INTEGER, a PostgreSQL boolean read back).
///
/// Note: SQLite stores a NaN `.real` as NULL.
public enum StoreValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// A text holding a NUL character. PostgreSQL's text cannot hold one, so neither backend takes
  /// one: the store refuses it as bad input (`StoreFailures.nulInText`) before it is sent.
  public var isTextWithNUL: Bool {
    if case .text(let text) = self { return text.utf8.contains(0) }
    return false
  }
}

extension StoreValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
  public init(nilLiteral: ()) { self = .null }
}

/// A Swift type with a natural store representation, so `StoreValue(x)` works for it and for its
/// Optional (nil becomes NULL).
public protocol StoreValueConvertible {
  var storeValue: StoreValue { get }
}

extension StoreValue {
  public init(_ value: some StoreValueConvertible) { self = value.storeValue }
  public init(_ value: (some StoreValueConvertible)?) { self = value?.storeValue ?? .null }
}

extension Int: StoreValueConvertible {
  public var storeValue: StoreValue { .integer(Int64(self)) }
}
extension Int64: StoreValueConvertible {
  public var storeValue: StoreValue { .integer(self) }
}
extension Int32: StoreValueConvertible {
  public var storeValue: StoreValue { .integer(Int64(self)) }
}
extension Double: StoreValueConvertible {
  public var storeValue: StoreValue { .real(self) }
}
extension Bool: StoreValueConvertible {
  public var storeValue: StoreValue { .integer(self ? 1 : 0) }
}
extension String: StoreValueConvertible {
  public var storeValue: StoreValue { .text(self) }
}
extension Substring: StoreValueConvertible {
  public var storeValue: StoreValue { .text(String(self)) }
}
extension Array: StoreValueConvertible where Element == UInt8 {
  public var storeValue: StoreValue { .blob(self) }
}
