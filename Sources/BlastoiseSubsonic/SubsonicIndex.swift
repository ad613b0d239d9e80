import BlastoiseCore

/// The letter an artist is filed under in `getArtists` and `getIndexes`: the first letter of its
/// name without accents (`Ólafur` under O), A–Z; anything else under `#`, which comes first.
public enum SubsonicIndex {
  public static func letter(for name: String) -> String {
    guard let first = CatalogKey.normalized(name).unicodeScalars.first, ("a"..."z").contains(first) else {
      return "#"
    }
    return String(first).uppercased()
  }

  static func precedes(_ left: String, _ right: String) -> Bool {
    if left == "#" || right == "#" { return left == "#" && right != "#" }
    return left < right
  }
}
