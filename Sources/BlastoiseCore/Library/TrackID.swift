/// Track IDs: `sha256:` followed by 64 lower-case hex digits. Anything else names no track.
public enum TrackID {
  public static let prefix = "sha256:"

  public static func isValid(_ id: String) -> Bool {
    id.hasPrefix(prefix) && Hex.isLowercase(id.dropFirst(prefix.count), digits: 64)
  }
}
