/// Strict percent-decoding for path segments and query components.
enum PercentDecoding {
  struct Invalid: Error {}

  /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`). Refuses malformed escapes,
  /// NUL bytes and results that are not UTF-8, so no handler ever sees an ambiguous name.
  static func decode(_ text: Substring, plusIsSpace: Bool = false) throws(Invalid) -> String {
    // A raw NUL is as bad as an escaped one (found by the request-target fuzzer).
    if text.utf8.contains(0) { throw Invalid() }
    if !text.utf8.contains(UInt8(ascii: "%")) && !(plusIsSpace && text.contains("+")) {
      return String(text)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
        else { throw Invalid() }
        let decoded = high << 4 | low
        if decoded == 0 { throw Invalid() }
        bytes.append(decoded)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    guard let string = String(validating: bytes, as: UTF8.self) else { throw Invalid() }
    return string
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
