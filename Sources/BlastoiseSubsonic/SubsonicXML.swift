/// Subsonic answers as XML in the `http://subsonic.org/restapi` namespace. Characters XML 1.0
/// cannot carry (control characters other than tab, line feed and carriage return, U+FFFE and
/// U+FFFF) are left out, so a hostile tag never makes a reply no parser reads.
enum SubsonicXML {
  static let namespace = "http://subsonic.org/restapi"

  static func document(_ root: SubsonicElement, into output: inout SubsonicOutput) {
    output.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
    write(root, namespace: true, into: &output)
  }

  private static func write(_ element: SubsonicElement, namespace: Bool = false, into output: inout SubsonicOutput) {
    output.append("<")
    output.append(element.name)
    if namespace {
      output.append(#" xmlns=""#)
      output.append(Self.namespace)
      output.append(#"""#)
    }
    for (name, value) in element.attributes {
      output.append(" ")
      output.append(name)
      output.append(#"=""#)
      output.append(text(value), mayEscape: mayEscape, escape: escapeInAttribute)
      output.append(#"""#)
    }
    let children = element.children.flatMap { children -> [SubsonicElement] in
      switch children {
      case .one(let child): [child]
      case .list(_, let items): items
      case .values(let name, let values): values.map { SubsonicElement(name, text: text($0)) }
      }
    }
    guard !children.isEmpty || element.text != nil else {
      output.append("/>")
      return
    }
    output.append(">")
    if let text = element.text { output.append(text, mayEscape: mayEscape, escape: escapeInText) }
    for child in children { write(child, into: &output) }
    output.append("</")
    output.append(element.name)
    output.append(">")
  }

  static func text(_ value: SubsonicValue) -> String {
    switch value {
    case .string(let string): string
    case .int(let int): String(int)
    case .double(let double): SubsonicJSON.number(double)
    case .bool(let bool): bool ? "true" : "false"
    }
  }

  /// Bytes that begin a character `escape` may replace or leave out: controls, the markup
  /// characters, and the first byte of U+FFFE and U+FFFF.
  private static let mayEscape = SubsonicOutput.Escaped { byte in
    switch byte {
    case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF: true
    default: false
    }
  }

  private static func escapeInAttribute(_ output: inout [UInt8], _ text: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> Int
  {
    escape(&output, text, at: offset, attribute: true)
  }

  private static func escapeInText(_ output: inout [UInt8], _ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    escape(&output, text, at: offset, attribute: false)
  }

  private static func escape(
    _ output: inout [UInt8], _ text: UnsafeBufferPointer<UInt8>, at offset: Int, attribute: Bool
  ) -> Int {
    let byte = text[offset]
    switch byte {
    case UInt8(ascii: "&"): output += Array("&amp;".utf8)
    case UInt8(ascii: "<"): output += Array("&lt;".utf8)
    case UInt8(ascii: ">"): output += Array("&gt;".utf8)
    case UInt8(ascii: "\"") where attribute: output += Array("&quot;".utf8)
    // Kept as they are, not normalised to spaces as attribute values otherwise are.
    case UInt8(ascii: "\t") where attribute: output += Array("&#9;".utf8)
    case UInt8(ascii: "\n") where attribute: output += Array("&#10;".utf8)
    case UInt8(ascii: "\r"): output += Array("&#13;".utf8)
    case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\""): output.append(byte)
    case 0xEF:
      // U+FFFE and U+FFFF are left out.
      if SubsonicOutput.has(text, [0xEF, 0xBF, 0xBE], at: offset)
        || SubsonicOutput.has(text, [0xEF, 0xBF, 0xBF], at: offset)
      {
        return 3
      }
      output.append(byte)
    default: break  // another control character: left out
    }
    return 1
  }
}
