/// Standard base64 (RFC 4648 §4, with padding), only as much as the handshake needs. Written
/// out so the module does not depend on Foundation.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: some Collection<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var i = 0
    while i < input.count {
      let remaining = input.count - i
      let b0 = UInt32(input[i])
      let b1 = remaining > 1 ? UInt32(input[i + 1]) : 0
      let b2 = remaining > 2 ? UInt32(input[i + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      output.append(alphabet[Int(triple >> 18 & 0x3F)])
      output.append(alphabet[Int(triple >> 12 & 0x3F)])
      output.append(remaining > 1 ? alphabet[Int(triple >> 6 & 0x3F)] : UInt8(ascii: "="))
      output.append(remaining > 2 ? alphabet[Int(triple & 0x3F)] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `byte` is one of the 64 alphabet characters (not `=`).
  static func isAlphabetCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
      true
    default:
      false
    }
  }
}
