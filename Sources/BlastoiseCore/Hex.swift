/// Lower-case hexadecimal, as in track IDs and stored token hashes.
public enum Hex {
  public static func lowercase(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var output = [UInt8]()
    output.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      output.append(digits[Int(byte >> 4)])
      output.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `text` is exactly `digits` lower-case hex digits.
  public static func isLowercase(_ text: Substring, digits: Int) -> Bool {
    text.utf8.count == digits
      && text.utf8.allSatisfy {
        ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
      }
  }
}
