/// Text copied into a reply with some characters replaced: text none of whose bytes `mayReplace`
/// flags (the usual case: names and IDs) is appended whole after one pass over its bytes; other
/// text has its runs of kept characters appended whole (one copy each), not character by
/// character. Escaping was the largest cost of a search's answer.
enum SubsonicEscaping {
  /// Appends `text` to `output`; a character `replacement` answers for is replaced by that (an
  /// empty answer leaves it out). `mayReplace` flags every UTF-8 byte that begins (or is) a
  /// character `replacement` may replace.
  static func append(
    _ text: String, to output: inout String, mayReplace: (UInt8) -> Bool,
    replacing replacement: (Unicode.Scalar) -> String?
  ) {
    guard text.utf8.contains(where: mayReplace) else {
      output += text
      return
    }
    let scalars = text.unicodeScalars
    var run = scalars.startIndex
    var index = run
    while index != scalars.endIndex {
      let next = scalars.index(after: index)
      if let replaced = replacement(scalars[index]) {
        output += text[run..<index]
        output += replaced
        run = next
      }
      index = next
    }
    output += text[run..<scalars.endIndex]
  }
}
