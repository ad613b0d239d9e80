/// Subsonic answers as XML in the `http://subsonic.org/restapi` namespace. Characters XML 1.0
/// cannot carry (control characters other than tab, line feed and carriage return, U+FFFE and
/// U+FFFF) are left out, so a hostile tag never makes a reply no parser reads.
enum SubsonicXML {
  static let namespace = "http://subsonic.org/restapi"

  static func document(_ root: SubsonicElement) -> String {
    var output = #"<?xml version="1.0" encoding="UTF-8"?>"#
    write(root, namespace: true, into: &output)
    return output
  }

  private static func write(_ element: SubsonicElement, namespace: Bool = false, into output: inout String) {
    output += "<" + element.name
    if namespace { output += #" xmlns=""# + Self.namespace + #"""# }
    for (name, value) in element.attributes {
      output += " " + name + #"=""#
      escape(text(value), attribute: true, into: &output)
      output += #"""#
    }
    let children = element.children.flatMap { children -> [SubsonicElement] in
      switch children {
      case .one(let child): [child]
      case .list(_, let items): items
      case .values(let name, let values): values.map { SubsonicElement(name, text: text($0)) }
      }
    }
    guard !children.isEmpty || element.text != nil else {
      output += "/>"
      return
    }
    output += ">"
    if let text = element.text { escape(text, attribute: false, into: &output) }
    for child in children { write(child, into: &output) }
    output += "</" + element.name + ">"
  }

  static func text(_ value: SubsonicValue) -> String {
    switch value {
    case .string(let string): string
    case .int(let int): String(int)
    case .double(let double): SubsonicJSON.number(double)
    case .bool(let bool): bool ? "true" : "false"
    }
  }

  private static func escape(_ text: String, attribute: Bool, into output: inout String) {
    SubsonicEscaping.append(text, to: &output, mayReplace: mayEscape) { scalar in
      switch scalar {
      case "&": "&amp;"
      case "<": "&lt;"
      case ">": "&gt;"
      case "\"" where attribute: "&quot;"
      // Kept as they are, not normalised to spaces as attribute values otherwise are.
      case "\t" where attribute: "&#9;"
      case "\n" where attribute: "&#10;"
      case "\r": "&#13;"
      default: allowed(scalar) ? nil : ""
      }
    }
  }

  /// Bytes that begin a character `escape` may replace or leave out: controls, the markup
  /// characters, and the first byte of U+FFFE and U+FFFF.
  private static func mayEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF: true
    default: false
    }
  }

  private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
