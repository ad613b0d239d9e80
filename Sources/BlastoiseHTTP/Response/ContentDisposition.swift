/// `Content-Disposition: attachment` naming a download (RFC 6266): an ASCII `filename` for old
/// clients (anything else, quotes and backslashes become `_`) and the exact name as
/// `filename*` in percent-encoded UTF-8 (RFC 8187). Control characters never reach the header.
public enum ContentDisposition {
  public static func attachment(_ name: String) -> String {
    let fallback = String(
      name.unicodeScalars.map { scalar -> Character in
        (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
      })
    var encoded = ""
    for byte in name.utf8 {
      let unreserved =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        || "!#$&+-.^_`|~".utf8.contains(byte)
      if unreserved {
        encoded.append(Character(Unicode.Scalar(byte)))
      } else {
        let hex = Array("0123456789ABCDEF")
        encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
      }
    }
    return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
  }
}
