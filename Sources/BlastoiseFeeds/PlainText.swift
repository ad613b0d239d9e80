/// The plain-text form of an HTML description: tags dropped (block tags become line breaks),
/// entities decoded, runs of spaces collapsed.
enum PlainText {
  private static let breakingTags: Set<String> = [
    "br", "p", "/p", "div", "/div", "li", "/li", "ul", "/ul", "ol", "h1", "h2", "h3", "/h1", "/h2", "/h3",
  ]

  static func from(html: String) -> String {
    var out = ""
    var index = html.startIndex
    while index < html.endIndex {
      let char = html[index]
      if char == "<", let close = html[index...].firstIndex(of: ">") {
        let tag = html[html.index(after: index)..<close].lowercased().split(separator: " ").first.map(String.init) ?? ""
        if breakingTags.contains(tag.trimmingSlashSuffix) { out.append("\n") }
        index = html.index(after: close)
      } else if char == "&", let semi = html[index...].prefix(12).firstIndex(of: ";"),
        let decoded = entity(String(html[html.index(after: index)..<semi]))
      {
        out.append(decoded)
        index = html.index(after: semi)
      } else {
        out.append(char)
        index = html.index(after: index)
      }
    }
    return collapse(out)
  }

  private static func entity(_ name: String) -> String? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    case "nbsp": return " "
    default:
      guard name.hasPrefix("#") else { return nil }
      let body = name.dropFirst()
      let code = body.first == "x" || body.first == "X" ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
      return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
  }

  /// Spaces and tabs collapse to one space; blank lines collapse to one line break.
  private static func collapse(_ text: String) -> String {
    text.split(separator: "\n").map { line in
      line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }.filter { !$0.isEmpty }.joined(separator: "\n")
  }
}

extension String {
  fileprivate var trimmingSlashSuffix: String { hasSuffix("/") ? String(dropLast()) : self }
}
