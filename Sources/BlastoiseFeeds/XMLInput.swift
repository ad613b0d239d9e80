import Foundation

/// FoundationXML traps (a force-unwrapped String) when an element or attribute name is not valid
/// UTF-8, so a document read as UTF-8 is checked before XMLParser sees it. Documents declaring
/// another encoding, or with a UTF-16 byte-order mark, are converted to UTF-8 by libxml2 first.
enum XMLInput {
  static func check(_ data: Data) throws(FeedError) {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return }
    let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
    if let range = head.range(of: "encoding=") {
      let name = head[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
      if name != "utf-8" && name != "utf8" { return }
    }
    guard String(validating: data, as: UTF8.self) != nil else {
      throw FeedError.malformed(line: 0, reason: "not valid UTF-8")
    }
  }
}
