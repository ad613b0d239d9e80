/// One statement and the values it binds, as a batch holds it (`StoreConnection.runBatch`).
public struct StoreStatement: Sendable {
  public let sql: StoreSQL
  public let values: [StoreValue]

  public init(_ sql: StoreSQL, values: [StoreValue]) {
    self.sql = sql
    self.values = values
  }

  public init(_ sql: StoreSQL, _ values: StoreValue...) {
    self.init(sql, values: values)
  }
}
