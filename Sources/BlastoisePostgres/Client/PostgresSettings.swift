/// Where the database is and how this process uses it.
public struct PostgresSettings: Sendable {
  /// A libpq connection URI (`postgres://user@host:port/db`, with `?sslmode=…`, `&options=…` as
  /// libpq reads them) or a `key=value` string. libpq's `PG…` environment variables fill gaps.
  public var url: String
  /// Connections opened at most, each on first need.
  public var poolSize = 4
  /// How long a statement waits for a lock another transaction holds before it fails with 503.
  public var lockTimeout: Duration = .seconds(5)
  /// How long opening one connection may take.
  public var connectTimeout: Duration = .seconds(10)

  public init(url: String) {
    self.url = url
  }
}
