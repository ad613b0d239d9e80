/// Subsonic answers as JSON, as Subsonic and OpenSubsonic servers write them: the root's
/// attributes and children under `"subsonic-response"`, a `list` as an array (empty too), an
/// element's text as `"value"`.
enum SubsonicJSON {
  static func document(_ root: SubsonicElement) -> String {
    var output = #"{"subsonic-response":"#
    write(root, into: &output)
    output += "}"
    return output
  }

  private static func write(_ element: SubsonicElement, into output: inout String) {
    output += "{"
    var first = true
    func key(_ name: String) {
      if !first { output += "," }
      first = false
      string(name, into: &output)
      output += ":"
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
        output += "["
        for (index, item) in items.enumerated() {
          if index > 0 { output += "," }
          write(item, into: &output)
        }
        output += "]"
      case .values(let name, let values):
        key(name)
        output +=
          "["
          + values.map { value in
            var text = ""
            write(value, into: &text)
            return text
          }.joined(separator: ",") + "]"
      }
    }
    output += "}"
  }

  private static func write(_ value: SubsonicValue, into output: inout String) {
    switch value {
    case .string(let text): string(text, into: &output)
    case .int(let int): output += String(int)
    case .double(let double): output += number(double)
    case .bool(let bool): output += bool ? "true" : "false"
    }
  }

  /// A finite number as JSON writes it (not finite: 0, which JSON cannot say otherwise).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  private static func string(_ text: String, into output: inout String) {
    output += "\""
    SubsonicEscaping.append(text, to: &output, mayReplace: mayEscape, replacing: escaped)
    output += "\""
  }

  /// Bytes that begin a character `escaped` may replace: controls, quote, backslash, and the
  /// first byte of U+2028 and U+2029.
  private static func mayEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
  }

  private static func escaped(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    // U+2028 and U+2029 end a line in JavaScript, which JSONP is.
    case "\u{2028}": return "\\u2028"
    case "\u{2029}": return "\\u2029"
    default:
      guard scalar.value < 0x20 else { return nil }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}
