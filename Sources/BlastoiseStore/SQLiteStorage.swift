import BlastoiseCore
import BlastoiseStoreShared
import Foundation

/// Every store on one SQLite file: the `Storage` the server runs on by default.
public struct SQLiteStorage: SharedStorage {
  private let database: SQLiteDatabase
  private let access: SQLiteAccess
  private let nodeLocks: SQLiteNodeLocks
  public let shared: SharedStores

  public var catalog: any CatalogStore { SharedCatalogStore(access: access, statements: SharedCatalogStatements.init) }
  public var locks: any NodeLocks { nodeLocks }

  /// Opens (creating if missing) the file and brings its schema up to date. A write waits up to
  /// `busyTimeout` for a lock another process holds (a backup, say) before it fails with 503.
  /// Reads outside transactions have `readers` connections of their own (`SQLiteReaders`).
  public init(path: String, busyTimeout: Duration = .seconds(5), readers: Int = Self.defaultReaders)
    throws(StoreError)
  {
    let database = try SQLiteDatabase(path: path, migrations: BlastoiseSchema.migrations, busyTimeout: busyTimeout)
    do throws(StoreError) {
      let pool = readers > 0 ? try SQLiteReaders(path: path, count: readers, busyTimeout: busyTimeout) : nil
      self.init(database: database, readers: pool)
    } catch {
      database.close()
      throw error
    }
  }

  /// One reading connection per core.
  public static var defaultReaders: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The stores over an open database (already migrated). Private: a second `SQLiteStorage`
  /// on the same database would have a gate of its own and could step into another's transaction.
  private init(database: SQLiteDatabase, readers: SQLiteReaders?) {
    self.init(
      joining: SQLiteAccess(
        database: database, runner: SQLiteRunner(label: "blastoise.sqlite"), readers: readers, transaction: nil),
      locks: SQLiteNodeLocks())
  }

  private init(joining access: SQLiteAccess, locks: SQLiteNodeLocks) {
    database = access.database
    self.access = access
    nodeLocks = locks
    shared = SharedStores(access: access)
  }

  public func transaction<T: Sendable>(_ body: @Sendable (any Storage) async throws -> T) async throws -> T {
    if access.transaction != nil { return try await body(self) }  // already inside one: join it
    let database = database
    let runner = access.runner
    let locks = nodeLocks
    do {
      return try await runner.transaction(
        begin: { try database.beginTransaction() }, end: { commit in try database.endTransaction(commit: commit) }
      ) { transaction in
        try await body(
          SQLiteStorage(
            joining: SQLiteAccess(database: database, runner: runner, readers: nil, transaction: transaction),
            locks: locks))
      }
    } catch let error as StoreError {
      throw error.domainError
    }
  }

  /// Waits for the work in progress, then closes the file.
  public func close() async {
    let database = database
    _ = try? await access.runner.exclusive { database.close() }
    await access.readers?.close()
  }
}
