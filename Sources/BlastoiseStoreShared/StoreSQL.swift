/// One SQL statement as the shared stores write it: made of string literals only, so a value can
/// reach the database only as a bound parameter. It is written with literals and with other
/// `StoreSQL` interpolated (`"SELECT 1 FROM \(table) WHERE id = $1"`, `table` itself a literal
/// picked in code, or a dialect's fragment); there is no way to make one from a runtime `String`.
///
/// Parameters are numbered, `$1`, `$2`…, in both backends: PostgreSQL's own, and SQLite binds
/// each `$k` to the k-th value by its name, so one may repeat or stand out of order.
public struct StoreSQL: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
  private enum Form: Sendable {
    case literal(StaticString)
    case composed(String)
  }

  private let form: Form

  public init(stringLiteral value: StaticString) {
    form = .literal(value)
  }

  public init(stringInterpolation: Interpolation) {
    form = .composed(stringInterpolation.text)
  }

  public var text: String {
    switch form {
    case .literal(let literal): Self.string(literal)
    case .composed(let text): text
    }
  }

  /// The one literal the statement is, when it is one and not put together from several: a
  /// backend may know it by its address (SQLite's statement cache does).
  public var literal: StaticString? {
    if case .literal(let literal) = form { literal } else { nil }
  }

  public var description: String { text }

  public static func == (lhs: StoreSQL, rhs: StoreSQL) -> Bool { lhs.text == rhs.text }

  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// Literals, and only `StoreSQL` between them.
  public struct Interpolation: StringInterpolationProtocol {
    fileprivate var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: StaticString) {
      text += StoreSQL.string(literal)
    }

    public mutating func appendInterpolation(_ sql: StoreSQL) {
      text += sql.text
    }
  }

  private static func string(_ literal: StaticString) -> String {
    literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
  }
}
