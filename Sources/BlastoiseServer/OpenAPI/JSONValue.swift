/// A JSON value written as a Swift literal: the OpenAPI document is built from these, so it has
/// one copy, in the source, checked by the compiler and served as encoded JSON.
enum JSONValue: Sendable, Equatable {
  case string(String)
  case integer(Int)
  /// A number with a fraction (a bound such as a rate's 0.5).
  case number(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([String: JSONValue])

  /// This object with `other`'s keys added (or replaced).
  func merging(_ other: [String: JSONValue]) -> JSONValue {
    guard case .object(let fields) = self else { return self }
    return .object(fields.merging(other) { _, new in new })
  }
}

extension JSONValue: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let fields): try container.encode(fields)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .integer(value) }
  init(floatLiteral value: Double) { self = .number(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements) { _, last in last })
  }
}
