/// Track IDs: `sha256:` followed by 64 lower-case hex digits. Anything else names no track.
public enum TrackID {
  public static let prefix = "sha256:"

  public static func isValid(_ id: String) -> Bool {
    let utf8 = id.utf8
    guard utf8.count == prefix.utf8.count + 64, id.hasPrefix(prefix) else { return false }
    return utf8.dropFirst(prefix.utf8.count).allSatisfy {
      ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
    }
  }
}
