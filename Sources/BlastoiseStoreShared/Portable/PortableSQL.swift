/// A connection as a store written once for both backends sees it. Its SQL uses `$1`, `$2`… on
/// both: PostgreSQL's own parameters, and to SQLite named ones, which SQLite numbers in the order
/// they first appear — so in each statement they must first appear in that order.
public protocol PortableConnection {
  /// Runs one statement and returns all its rows.
  func query(_ sql: StaticString, _ params: StoreValue...) throws -> [StoreRow]
  /// Runs one statement; returns how many rows it inserted, changed or deleted.
  func modify(_ sql: StaticString, _ params: StoreValue...) throws -> Int
}

/// How a store written once reaches either backend: each call one read or one write (its own
/// transaction, or a step of the open `Storage.transaction`), as the backend's other stores do.
public protocol PortableAccess: Sendable {
  associatedtype Connection: PortableConnection
  func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
  func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
}
