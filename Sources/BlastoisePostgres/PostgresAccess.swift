import BlastoiseCore
import BlastoiseStoreShared

/// How a store reaches PostgreSQL: on its own (every call is a transaction of its own, run again
/// when it loses a conflict) or inside a `Storage.transaction` (calls are its steps). The blocking
/// work runs on the pool's lanes; callers only await. Failures that mean something to the domain
/// leave here as `CoreError`s, so no PostgreSQL code reaches the HTTP layer.
struct PostgresAccess: StoreAccess {
  let database: PostgresDatabase
  /// The `Storage.transaction` this access belongs to; nil: every call is a transaction of its own.
  let transaction: PostgresTransaction?

  @discardableResult
  func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await perform(readOnly: false, body)
  }

  @discardableResult
  func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await perform(readOnly: true, body)
  }

  private func perform<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (PostgresConnection) throws -> T)
    async throws -> T
  {
    do {
      if let transaction { return try await transaction.step(body) }
      return try await readOnly ? database.read(body) : database.write(body)
    } catch let error as PostgresError {
      throw error.domainError
    }
  }
}

extension PostgresAccess: LibraryAccess {
  typealias Catalog = SharedCatalogStatements<PostgresConnection>
}
