/// The opening handshake's key computations (RFC 6455 §4). HTTP parsing stays with the caller.
public enum WebSocketHandshake {
  /// The GUID that §1.3 appends to the client's key before hashing.
  public static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// The Sec-WebSocket-Accept value for a Sec-WebSocket-Key: base64(SHA-1(key + GUID)).
  /// `key` is used exactly as given; trim header whitespace before calling.
  public static func acceptKey(forClientKey key: String) -> String {
    Base64.encode(SHA1.hash(Array((key + acceptGUID).utf8)))
  }

  /// Whether `key` is the base64 encoding of exactly 16 bytes (§4.1): 22 alphabet characters
  /// followed by "==". Like common servers, it does not insist that the unused low bits of the
  /// last character be zero.
  public static func isValidClientKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else {
      return false
    }
    return bytes[0..<22].allSatisfy(Base64.isAlphabetCharacter)
  }

  /// A fresh Sec-WebSocket-Key: 16 random bytes, base64 encoded.
  public static func makeClientKey() -> String {
    var generator = SystemRandomNumberGenerator()
    return makeClientKey(using: &generator)
  }

  /// As `makeClientKey()`, drawing from `generator` (so tests can make it deterministic).
  public static func makeClientKey(using generator: inout some RandomNumberGenerator) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for _ in 0..<16 { bytes.append(generator.next()) }
    return Base64.encode(bytes)
  }
}
