/// The version reported by `GET /api/status` and `blastoise --version`.
public enum BlastoiseVersion {
  public static let current = "0.1.0"
}
