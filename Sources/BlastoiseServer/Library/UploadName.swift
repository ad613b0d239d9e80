import BlastoiseCore

/// The name an upload or import is stored under: the client's last path component, cleaned,
/// always with a stem and an accepted extension, and short enough for the file system. A name
/// the scanner would not take as audio (`wav`, `.wav`) would be acknowledged and then vanish
/// from the library at the next scan.
struct UploadName: Equatable {
  /// NAME_MAX on Linux file systems, in bytes.
  static let maxBytes = 255
  static let fallbackStem = "upload"

  let stem: String
  /// As the client spelled it (`WAV` stays `WAV`).
  let fileExtension: String

  /// Nil when the name has no accepted audio extension.
  init?(clientName: String) {
    // Split by scalar, not by Character: a slash followed by a combining mark is one Character
    // that is not "/", yet the file system still sees the slash.
    let lastComponent = clientName.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last
    // The dot too: after a prepended mark (`a\u{600}.mp3`) it is no `Character` of its own.
    let cleaned = (lastComponent.map { String(Substring($0)) }?.removingControlCharacters ?? "").unicodeScalars
    guard let dot = cleaned.lastIndex(of: ".") else { return nil }
    fileExtension = String(cleaned[cleaned.index(after: dot)...])
    guard AudioFormats.contentTypes[fileExtension.lowercased()] != nil else { return nil }
    var stem = cleaned[..<dot]
    while stem.first == "." { stem.removeFirst() }  // no hidden files
    self.stem = String(Substring(stem))
  }

  /// `song.mp3`, or for `number` 2 and up `song (2).mp3`. The stem is cut on a Character boundary
  /// so that the whole name fits in `maxBytes` (the extension always stays); a stem that ends up
  /// empty or blank becomes `upload`.
  func fileName(_ number: Int = 1) -> String {
    let suffix = (number > 1 ? " (\(number))" : "") + "." + fileExtension
    var kept = Substring(stem)
    while kept.utf8.count + suffix.utf8.count > Self.maxBytes { kept.removeLast() }
    return (kept.allSatisfy(\.isWhitespace) ? Self.fallbackStem : String(kept)) + suffix
  }
}
