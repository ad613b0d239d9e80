extension KeyedDecodingContainer {
  /// The value at `key`, or `fallback` when it is absent or `null`.
  func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
    try decodeIfPresent(T.self, forKey: key) ?? fallback
  }

  /// Milliseconds since the epoch, whole or not (a JavaScript server may send fractions); nil
  /// when absent. Out of range is an error, not a trap.
  func decodeMillisecondsIfPresent(forKey key: Key) throws -> Int64? {
    guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    guard value.magnitude < 9e15 else {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "Out of range")
    }
    return Int64(value.rounded())
  }
}
