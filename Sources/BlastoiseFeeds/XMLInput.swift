import Foundation

/// FoundationXML traps (a force-unwrapped String) when an element or attribute name is not valid
/// UTF-8, so a document is checked before XMLParser sees it. Only a UTF-16 byte-order mark or a
/// declared single-byte encoding (ISO-8859-*, windows-125*), which libxml2 converts to UTF-8 first,
/// skip the check: an unknown encoding name makes libxml2 read the bytes as UTF-8 (fuzzing).
enum XMLInput {
  static func check(_ data: Data) throws(FeedError) {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return }
    let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
    if let range = head.range(of: "encoding=") {
      let name = head[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
      if name.hasPrefix("iso-8859-") || name.hasPrefix("windows-125") || name == "latin1" { return }
    }
    guard String(validating: data, as: UTF8.self) != nil else {
      throw FeedError.malformed(line: 0, reason: "not valid UTF-8")
    }
  }
}
