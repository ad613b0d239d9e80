/// One element of a Subsonic answer, written once and rendered as XML or JSON
/// (`SubsonicXML`, `SubsonicJSON`): attributes become JSON keys, a `list` becomes a JSON array
/// (also with one item or none) and `text` is XML content or JSON's `value`.
public struct SubsonicElement: Sendable, Equatable {
  public var name: String
  public var attributes: [(name: String, value: SubsonicValue)]
  public var children: [SubsonicChildren]
  public var text: String?

  /// Attributes whose value is nil are left out.
  public init(
    _ name: String, _ attributes: KeyValuePairs<String, (any SubsonicValueConvertible)?> = [:],
    children: [SubsonicChildren] = [], text: String? = nil
  ) {
    self.name = name
    self.attributes = attributes.compactMap { key, value in value.map { (key, $0.subsonicValue) } }
    self.children = children
    self.text = text
  }

  public static func == (left: SubsonicElement, right: SubsonicElement) -> Bool {
    left.name == right.name && left.children == right.children && left.text == right.text
      && left.attributes.map(\.name) == right.attributes.map(\.name)
      && left.attributes.map(\.value) == right.attributes.map(\.value)
  }

  /// The value of the attribute `name`.
  public subscript(attribute: String) -> SubsonicValue? {
    attributes.first { $0.name == attribute }?.value
  }

  /// This element under another name.
  public func renamed(_ name: String) -> SubsonicElement {
    var element = self
    element.name = name
    return element
  }

  /// This element with one more attribute (none when `value` is nil).
  public func adding(_ name: String, _ value: (any SubsonicValueConvertible)?) -> SubsonicElement {
    guard let value else { return self }
    var element = self
    element.attributes.append((name, value.subsonicValue))
    return element
  }
}

/// An element's children: one element, a list of elements of one name (a JSON array), or a
/// list of plain values (XML elements of one name holding each; a JSON array of the values, as
/// `openSubsonicExtensions`' `versions`).
public enum SubsonicChildren: Sendable, Equatable {
  case one(SubsonicElement)
  case list(String, [SubsonicElement])
  case values(String, [SubsonicValue])
}

public enum SubsonicValue: Sendable, Equatable {
  case string(String)
  case int(Int64)
  case double(Double)
  case bool(Bool)
}

public protocol SubsonicValueConvertible: Sendable {
  var subsonicValue: SubsonicValue { get }
}

extension String: SubsonicValueConvertible {
  public var subsonicValue: SubsonicValue { .string(self) }
}

extension Int: SubsonicValueConvertible {
  public var subsonicValue: SubsonicValue { .int(Int64(self)) }
}

extension Int64: SubsonicValueConvertible {
  public var subsonicValue: SubsonicValue { .int(self) }
}

extension Double: SubsonicValueConvertible {
  public var subsonicValue: SubsonicValue { .double(self) }
}

extension Bool: SubsonicValueConvertible {
  public var subsonicValue: SubsonicValue { .bool(self) }
}
