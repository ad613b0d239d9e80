/// Subsonic answers as JSON, as Subsonic and OpenSubsonic servers write them: the root's
/// attributes and children under `"subsonic-response"`, a `list` as an array (empty too), an
/// element's text as `"value"`.
enum SubsonicJSON {
  static func document(_ root: SubsonicElement, into output: inout SubsonicOutput) {
    output.append(#"{"subsonic-response":"#)
    write(root, into: &output)
    output.append("}")
  }

  private static func write(_ element: SubsonicElement, into output: inout SubsonicOutput) {
    output.append("{")
    var first = true
    // Names are ours (attribute and element names): written as they are.
    func key(_ name: String) {
      output.append(first ? "\"" : ",\"")
      first = false
      output.append(name)
      output.append("\":")
    }
    for (name, value) in element.attributes {
      key(name)
      write(value, into: &output)
    }
    if let text = element.text {
      key("value")
      string(text, into: &output)
    }
    for children in element.children {
      switch children {
      case .one(let child):
        key(child.name)
        write(child, into: &output)
      case .list(let name, let items):
        key(name)
        output.append("[")
        for (index, item) in items.enumerated() {
          if index > 0 { output.append(",") }
          write(item, into: &output)
        }
        output.append("]")
      case .values(let name, let values):
        key(name)
        output.append("[")
        for (index, value) in values.enumerated() {
          if index > 0 { output.append(",") }
          write(value, into: &output)
        }
        output.append("]")
      }
    }
    output.append("}")
  }

  private static func write(_ value: SubsonicValue, into output: inout SubsonicOutput) {
    switch value {
    case .string(let text): string(text, into: &output)
    case .int(let int): output.append(int)
    case .double(let double): output.append(number(double))
    case .bool(let bool): output.append(bool ? "true" : "false")
    }
  }

  /// A finite number as JSON writes it (not finite: 0, which JSON cannot say otherwise).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  private static func string(_ text: String, into output: inout SubsonicOutput) {
    output.append("\"")
    output.append(text, mayEscape: mayEscape, escape: escape)
    output.append("\"")
  }

  /// Bytes that begin a character `escape` may replace: controls, quote, backslash, and the
  /// first byte of U+2028 and U+2029.
  private static let mayEscape = SubsonicOutput.Escaped { byte in
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
  }

  private static func escape(_ output: inout [UInt8], _ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    let byte = text[offset]
    switch byte {
    case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
    case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
    case UInt8(ascii: "\n"): output += Array(#"\n"#.utf8)
    case UInt8(ascii: "\r"): output += Array(#"\r"#.utf8)
    case UInt8(ascii: "\t"): output += Array(#"\t"#.utf8)
    case 0xE2:
      // U+2028 and U+2029 end a line in JavaScript, which JSONP is.
      for (bytes, escaped): ([UInt8], String) in [([0xE2, 0x80, 0xA8], #"\u2028"#), ([0xE2, 0x80, 0xA9], #"\u2029"#)]
      where SubsonicOutput.has(text, bytes, at: offset) {
        output += Array(escaped.utf8)
        return 3
      }
      output.append(byte)
    default:
      let hex = Array("0123456789abcdef".utf8)
      output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    }
    return 1
  }
}
