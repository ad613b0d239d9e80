import BlastoiseStoreShared

/// PostgreSQL runs the stores written once for both backends (`PortableAccess`).
extension PostgresAccess: PortableAccess {}

extension PostgresConnection: PortableConnection {
  public func modify(_ sql: StaticString, _ params: StoreValue...) throws -> Int {
    try execute(sql, bindings: params)
  }
}
