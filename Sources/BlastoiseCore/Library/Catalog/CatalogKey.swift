/// Names as the catalog tells them apart, and the stable IDs made from them. Albums, artists and
/// genres get the same ID at every scan and on every server, so links to them keep working.
public enum CatalogKey {
  /// Folded (`SearchText.fold`), trimmed, inner white space collapsed: "  Sigur  Rós" and
  /// "sigur ros" are one artist.
  public static func normalized(_ name: String) -> String {
    SearchText.fold(name).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// 16 hex digits of a 64-bit FNV-1a hash of `key`'s UTF-8.
  public static func id(_ key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Hex.lowercase((0..<8).map { UInt8(truncatingIfNeeded: hash >> (56 - 8 * $0)) })
  }

  /// The ID of the artist (or album artist) named `name`.
  public static func artistID(_ name: String) -> String { id("artist\u{0}" + normalized(name)) }

  public static func genreID(_ name: String) -> String { id("genre\u{0}" + normalized(name)) }
}
