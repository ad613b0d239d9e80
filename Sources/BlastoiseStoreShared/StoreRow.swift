/// Column names of one result set, shared by all its rows.
public final class StoreColumns: Sendable {
  public let names: [String]
  let index: [String: Int]

  public init(names: [String]) {
    self.names = names
    // With duplicate names (e.g. `a.id, b.id` in a join) the first wins: alias them in SQL.
    self.index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

/// One result row. Lookups are by column name (as written in the SELECT, or its `AS` alias).
///
/// The typed accessors return nil for NULL, for a value of another storage class, and for an
/// unknown column name; use `columnNames` or `row[name]` when you need to tell these apart.
public struct StoreRow: Sendable {
  let columns: StoreColumns
  public let values: [StoreValue]

  public init(columns: StoreColumns, values: [StoreValue]) {
    self.columns = columns
    self.values = values
  }

  public var columnNames: [String] { columns.names }

  public func hasColumn(_ name: String) -> Bool { columns.index[name] != nil }

  /// The value of the named column; `.null` when there is no such column.
  public subscript(_ name: String) -> StoreValue {
    guard let i = columns.index[name] else { return .null }
    return values[i]
  }

  public func int64(_ name: String) -> Int64? {
    if case .integer(let v) = self[name] { return v }
    return nil
  }

  public func int(_ name: String) -> Int? { int64(name).flatMap { Int(exactly: $0) } }

  /// A floating-point column, or an integer one widened to Double.
  public func double(_ name: String) -> Double? {
    switch self[name] {
    case .real(let v): v
    case .integer(let v): Double(v)
    default: nil
    }
  }

  /// A flag (an INTEGER in SQLite, a boolean in PostgreSQL): 0 is false, anything else true.
  public func bool(_ name: String) -> Bool? { int64(name).map { $0 != 0 } }

  public func string(_ name: String) -> String? {
    if case .text(let v) = self[name] { return v }
    return nil
  }

  public func blob(_ name: String) -> [UInt8]? {
    if case .blob(let v) = self[name] { return v }
    return nil
  }
}
