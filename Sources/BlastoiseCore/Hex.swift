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
}
