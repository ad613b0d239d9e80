/// Where a backed-up photo lands under the photos folder: `<person>/<YYYY>/<MM>/<name>`. Names are
/// never paths, and a clash with different bytes takes a suffix, never the other file's place.
public enum PhotoPlacement {
  public static func checkName(_ name: String) throws {
    let bytes = name.utf8.count
    guard bytes > 0 else { throw CoreError.invalid("name must not be empty") }
    guard bytes <= 255 else { throw CoreError.invalid("name must be at most 255 bytes") }
    guard name != ".", name != "..", !name.contains("/"), !name.contains("\\") else {
      throw CoreError.invalid("name must be a file name, not a path")
    }
    // NUL and every other control character (C0, DEL, C1).
    guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
      throw CoreError.invalid("name must not contain control characters")
    }
  }

  public static func relativePath(person: String, year: Int, month: Int, name: String) throws -> String {
    try checkName(name)
    try checkName(person)
    guard (1...9999).contains(year), (1...12).contains(month) else {
      throw CoreError.invalid("capture date must be a real month")
    }
    return "\(person)/\(pad(year, 4))/\(pad(month, 2))/\(name)"
  }

  /// The `n`th name tried for a clash: 0 is the name itself, then "name (1).jpg", "name (2).jpg"…
  /// The suffix goes before the extension; a name that would pass 255 bytes is shortened.
  public static func candidate(_ name: String, _ n: Int) -> String {
    guard n > 0 else { return name }
    let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
    var stem = String(dot.map { name[..<$0] } ?? name[...])
    let ext = dot.map { String(name[$0...]) } ?? ""
    let suffix = " (\(n))"
    while stem.utf8.count + suffix.utf8.count + ext.utf8.count > 255 && !stem.isEmpty { stem.removeLast() }
    return stem + suffix + ext
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
