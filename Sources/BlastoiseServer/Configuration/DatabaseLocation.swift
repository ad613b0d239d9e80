/// Where the store lives (`--database`, `BLASTOISE_DATABASE`): by default the SQLite file
/// `blastoise.db` in the data directory; or a PostgreSQL database, which several server nodes
/// can share.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
  case sqlite
  /// A `postgres://` or `postgresql://` URL, as libpq reads it.
  case postgres(url: String)

  /// The location a `--database` value names.
  static func parse(_ value: String) throws(UsageError) -> DatabaseLocation {
    guard value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") else {
      throw UsageError(
        message: "--database must be a postgres:// URL, like postgres://user@host:5432/blastoise "
          + "(without it, the SQLite file in --data-dir is used)")
    }
    return .postgres(url: value)
  }

  /// Which backend, as `ServerReport.database` says it: `sqlite` or `postgresql`.
  var kind: String {
    switch self {
    case .sqlite: "sqlite"
    case .postgres: "postgresql"
    }
  }

  /// For the log: the URL without its password (in the user part or a `password=` parameter).
  public var description: String {
    guard case .postgres(let url) = self else { return "SQLite" }
    var shown = url
    if let scheme = shown.range(of: "://") {
      let authority = shown[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        shown.replaceSubrange(shown.index(after: colon)..<at, with: "…")
      }
    }
    if let password = shown.range(of: "password=") {
      let end = shown[password.upperBound...].firstIndex(of: "&") ?? shown.endIndex
      shown.replaceSubrange(password.upperBound..<end, with: "…")
    }
    return shown
  }
}
