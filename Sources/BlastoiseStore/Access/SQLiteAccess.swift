import BlastoiseCore
import BlastoiseStoreShared

/// How a store reaches its database: on its own (every call is one transaction) or inside a
/// `Storage.transaction` (calls join the open one). The blocking work runs on the database's
/// `SQLiteRunner`; callers only await. SQLite's failures that mean something to the domain leave
/// here as `CoreError`s, so no SQLite code reaches the HTTP layer. Reads outside a transaction go
/// to `readers` when there are any.
struct SQLiteAccess: StoreAccess {
  let database: SQLiteDatabase
  let runner: SQLiteRunner
  let readers: SQLiteReaders?
  /// The `Storage.transaction` this access belongs to; nil: every call is a transaction of its own.
  let transaction: TransactionMark?

  func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
    try await perform(readOnly: false, body)
  }

  func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
    try await perform(readOnly: true, body)
  }

  private func perform<T: Sendable>(
    readOnly: Bool, _ body: @escaping @Sendable (SQLiteConnection) throws -> T
  ) async throws -> T {
    let database = database
    do {
      if let transaction {
        return try await runner.run(in: transaction) { try database.continueTransaction(body) }
      }
      if readOnly, let readers {
        try TransactionMark.refuseNested(in: ObjectIdentifier(runner))
        return try await readers.read(body)
      }
      return try await runner.exclusive { try readOnly ? database.read(body) : database.write(body) }
    } catch let error as StoreError {
      throw error.domainError
    }
  }
}

extension SQLiteAccess: LibraryAccess {
  typealias Catalog = SharedCatalogStatements<SQLiteConnection>
}

extension StoreError {
  /// What the domain makes of a storage failure: a duplicate is a conflict, a lock held too long
  /// is "try again", a NUL in a text is bad input; anything else stays a `StoreError` (a server fault, logged and answered 500).
  var domainError: any Error {
    if isUniqueViolation { return StoreFailures.conflict }
    if code == .busy { return StoreFailures.busy }
    if code == .nulInText { return StoreFailures.nulInText }
    return self
  }
}
