/// Text copied into a reply with some characters replaced: runs of characters kept as they are
/// are appended whole (one copy each), not character by character, which made escaping the
/// largest cost of a search's answer.
enum SubsonicEscaping {
  /// Appends `text` to `output`; a character `replacement` answers for is replaced by that (an
  /// empty answer leaves it out).
  static func append(_ text: String, to output: inout String, replacing replacement: (Unicode.Scalar) -> String?) {
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
