/// Cover IDs: the lower-case hex SHA-256 of the picture's bytes, so one picture is one cover however
/// many tracks carry it. Anything else names no cover.
public enum CoverID {
  public static func isValid(_ id: String) -> Bool { Hex.isLowercase(id[...], digits: 64) }
}
