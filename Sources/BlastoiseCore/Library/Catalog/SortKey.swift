/// How names sort in the catalog: by their sort tag when tagged ("Beatles, The"), else without
/// a leading "The ", folded like search (`CatalogKey.normalized`), so case and accents do not
/// scatter them.
public enum SortKey {
  /// Sorts after every name: albums and tracks whose artist is unknown come last.
  public static let unknown = "\u{FFFF}"

  public static func of(_ name: String?, sortName: String? = nil) -> String {
    if let sortName, !sortName.isEmpty { return CatalogKey.normalized(sortName) }
    guard let name else { return unknown }
    let key = CatalogKey.normalized(name)
    return key.hasPrefix("the ") && key.count > 4 ? String(key.dropFirst(4)) : key
  }
}
