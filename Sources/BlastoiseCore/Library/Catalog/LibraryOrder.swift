/// The order the library lists and plays in: albums by album artist, album name and ID, their
/// tracks by disc, track number and title; tracks on no album after every album, by artist and
/// title. Keys compare as plain bytes (UTF-8), in a store as in Swift.
public enum LibraryOrder {
  static let separator = "\u{1}"

  public static func albumPrefix(artistKey: String, nameKey: String, albumID: String) -> String {
    "0" + artistKey + separator + nameKey + separator + albumID + separator
  }

  /// A track's key on an album (`albumPrefix`).
  public static func key(albumPrefix: String, disc: Int?, track: Int?, title: String, titleSort: String?) -> String {
    albumPrefix + padded(disc ?? 0, 4) + padded(track ?? 999_999, 6) + separator + titleKey(title, titleSort)
  }

  /// A track's key when it is on no album.
  public static func key(artist: String?, artistSort: String?, title: String, titleSort: String?) -> String {
    "1" + SortKey.of(artist, sortName: artistSort) + separator + titleKey(title, titleSort)
  }

  static func titleKey(_ title: String, _ titleSort: String?) -> String {
    CatalogKey.normalized(titleSort.flatMap { $0.isEmpty ? nil : $0 } ?? title)
  }

  /// Zero-padded to `width` digits; larger numbers are cut to the largest that fits.
  static func padded(_ number: Int, _ width: Int) -> String {
    let largest = (0..<width).reduce(1) { value, _ in value * 10 } - 1
    let digits = String(min(max(number, 0), largest))
    return String(repeating: "0", count: max(width - digits.count, 0)) + digits
  }
}
