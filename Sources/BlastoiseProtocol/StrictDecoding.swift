/// A key that is any string, for listing what an object holds.
struct AnyCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int? = nil
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// Throws when the object has a key that `Keys` does not list.
  public func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
    let known = Set(Keys.allCases.map(\.stringValue))
    let container = try container(keyedBy: AnyCodingKey.self)
    if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath + [unknown], debugDescription: "Unknown field '\(unknown.stringValue)'"))
    }
  }
}
