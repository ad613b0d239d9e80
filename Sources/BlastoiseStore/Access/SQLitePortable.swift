import BlastoiseStoreShared

/// SQLite runs the stores written once for both backends (`PortableAccess`).
extension SQLiteAccess: PortableAccess {}

extension SQLiteConnection: PortableConnection {
  public func modify(_ sql: StaticString, _ params: SQLiteValue...) throws -> Int {
    try execute(sql, bindings: params)
    return changes
  }
}
