import BlastoiseCore
import BlastoiseStoreShared

/// Every store on one PostgreSQL database: the `Storage` for several server nodes sharing it.
public struct PostgresStorage: SharedStorage {
  private let access: PostgresAccess
  private let nodeLocks: PostgresNodeLocks
  public let shared: SharedStores

  public var catalog: any CatalogStore {
    SharedCatalogStore(access: access, statements: SharedCatalogStatements.init)
  }
  public var locks: any NodeLocks { nodeLocks }

  private init(access: PostgresAccess, locks: PostgresNodeLocks) {
    self.access = access
    nodeLocks = locks
    shared = SharedStores(access: access)
  }

  /// Connects and brings the schema up to date (`PostgresSchema`).
  public static func connect(_ settings: PostgresSettings) async throws -> PostgresStorage {
    let database = try await PostgresDatabase.connect(settings)
    do {
      try await database.migrate(PostgresSchema.migrations)
    } catch {
      await database.close()
      throw error
    }
    return PostgresStorage(
      access: PostgresAccess(database: database, transaction: nil), locks: PostgresNodeLocks(settings: settings))
  }

  /// One SERIALIZABLE transaction on one connection. When it loses a conflict with another
  /// (on any node), `body` runs again on a fresh transaction.
  public func transaction<T: Sendable>(_ body: @Sendable (any Storage) async throws -> T) async throws -> T {
    if access.transaction != nil { return try await body(self) }  // already inside one: join it
    let database = access.database
    let locks = nodeLocks
    do {
      return try await database.transaction { transaction in
        try await body(
          PostgresStorage(access: PostgresAccess(database: database, transaction: transaction), locks: locks))
      }
    } catch let error as PostgresError {
      throw error.domainError
    }
  }

  /// The link through which this node follows rooms changed by other nodes (`PostgresRoomLink`).
  public func roomLink(log: @escaping @Sendable (String) -> Void) -> PostgresRoomLink {
    PostgresRoomLink(database: access.database, log: log)
  }

  /// Waits for the work in progress, then closes every connection.
  public func close() async {
    await nodeLocks.close()
    await access.database.close()
  }
}
