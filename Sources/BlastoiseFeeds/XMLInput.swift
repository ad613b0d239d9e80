import Foundation

/// What a document becomes before FoundationXML's parser sees it. That parser traps (a
/// force-unwrapped String) when an element or attribute name is not valid UTF-8, and libxml2
/// reads bytes as UTF-8 whenever it does not recognise a declaration (one that is not at the very
/// start, or names an unknown encoding; found by fuzzing). So the parser gets UTF-8 checked here:
/// UTF-16 (by its byte-order mark), ISO-8859-1 and windows-1252 are converted to it, and only a
/// real declaration at the start naming another ISO-8859 or windows-125x code page, which
/// libxml2 converts itself, passes unchecked — a declaration it surely reads as one: well formed,
/// naming a code page that exists (a garbled one naming "windows-125" was read as UTF-8 and
/// trapped; found by fuzzing).
enum XMLInput {
  static func prepared(_ data: Data) throws(FeedError) -> Data {
    try checkInstructions(data)
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
      return try converted(data, from: .utf16)
    }
    let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    switch declaredEncoding(text) {
    case "iso-8859-1", "latin1", "us-ascii", "ascii": return try converted(Data(text), from: .isoLatin1)
    case "windows-1252", "cp1252": return try converted(Data(text), from: .windowsCP1252)
    case let name? where passedThrough.contains(name) && hasStrictDeclaration(text):
      return data
    default:
      guard String(validating: data, as: UTF8.self) != nil else {
        throw FeedError.malformed(line: 0, reason: "not valid UTF-8")
      }
      return data
    }
  }

  /// The code pages libxml2 converts itself.
  static let passedThrough: Set<String> = Set(
    (2...16).filter { $0 != 12 }.map { "iso-8859-\($0)" } + (0...8).filter { $0 != 2 }.map { "windows-125\($0)" })

  /// Whether `data` starts with `<?xml version="1.x" encoding="…"` (and `standalone`), nothing else.
  static func hasStrictDeclaration(_ data: Data.SubSequence) -> Bool {
    let head = data.prefix(256)
    guard let end = head.firstRange(of: Array("?>".utf8)),
      let declaration = String(bytes: head[..<end.lowerBound], encoding: .ascii)
    else { return false }
    let pattern =
      #"^<\?xml\s+version\s*=\s*(["'])1\.[0-9]\1\s+encoding\s*=\s*(["'])[A-Za-z0-9_-]+\2(\s+standalone\s*=\s*(["'])(yes|no)\4)?\s*$"#
    return declaration.range(of: pattern, options: .regularExpression) != nil
  }

  /// The lower-cased encoding of an XML declaration at the very start (`<?xml … encoding="…"?>`).
  static func declaredEncoding(_ data: Data.SubSequence) -> String? {
    guard data.starts(with: Array("<?xml".utf8)) else { return nil }
    let head = data.prefix(256)
    guard let end = head.firstRange(of: Array("?>".utf8)) else { return nil }
    let declaration = String(decoding: head[..<end.lowerBound], as: UTF8.self).lowercased()
    guard let key = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let name = rest.dropFirst().prefix { $0 != quote }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ? String(name) : nil
  }

  /// `data` in UTF-8, its declaration (if any) saying so.
  private static func converted(_ data: Data, from encoding: String.Encoding) throws(FeedError) -> Data {
    guard let text = String(data: data, encoding: encoding) else {
      throw FeedError.malformed(line: 0, reason: "not valid text in its declared encoding")
    }
    var body = Substring(text)
    if body.first == "\u{FEFF}" { body = body.dropFirst() }
    if body.hasPrefix("<?xml"), let end = body.range(of: "?>") {
      body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + body[end.upperBound...]
    }
    return Data(body.utf8)
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
