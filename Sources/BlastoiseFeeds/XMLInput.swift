import Foundation

/// FoundationXML traps (a force-unwrapped String) when an element or attribute name is not valid
/// UTF-8, so a document is checked before XMLParser sees it. Only a UTF-16 byte-order mark or a
/// declared single-byte encoding (ISO-8859-*, windows-125*), which libxml2 converts to UTF-8 first,
/// skip the check: an unknown encoding name makes libxml2 read the bytes as UTF-8 (fuzzing).
enum XMLInput {
  static func check(_ data: Data) throws(FeedError) {
    try checkInstructions(data)
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

  /// FoundationXML also calls strlen(NULL) for a processing instruction without data
  /// (`<?target?>`, found by fuzzing), so such documents are refused.
  private static func checkInstructions(_ data: Data) throws(FeedError) {
    let bytes = [UInt8](data)
    var index = 0
    while index + 1 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { continue }
      var end = index + 2
      while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
      while end < bytes.count, isSpace(bytes[end]) { end += 1 }
      if end < bytes.count, bytes[end] == UInt8(ascii: "?") {
        throw FeedError.malformed(line: 0, reason: "processing instruction without data")
      }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
