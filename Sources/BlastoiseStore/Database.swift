import BlastoiseCore
import BlastoiseStoreShared
import CSQLite

/// A SQLite database file and the one connection through which this process uses it.
///
/// Thread safety — why `@unchecked Sendable` is sound: the only mutable state is `handle` (the
/// `sqlite3*` and its statement cache), and it is touched only while `lock` is held (`read`,
/// `write`, `migrate`, `close`) or from `deinit`, when no other reference exists. The
/// `SQLiteConnection` given to a closure is not Sendable and stops working when the closure
/// returns, so it cannot smuggle the handle out of the lock. Hence the connection is opened
/// NOMUTEX: SQLite's own mutex would only duplicate ours.
///
/// Rules for callers:
/// - Never call `read`, `write` or `migrate` from inside a `read`/`write` closure: one connection
///   cannot nest transactions. This is detected and throws `.nestedAccess`; it never deadlocks.
/// - Closures run synchronously on the caller's thread and block other users of the database
///   until they return. Keep them short; do no network or other slow I/O inside them.
/// - The store manages transactions: BEGIN/COMMIT/ROLLBACK inside a closure are refused.
///   SAVEPOINT/RELEASE are fine.
public final class SQLiteDatabase: @unchecked Sendable {
  public let path: String
  private let lock = ReentrancyCheckingLock()
  let handle: SQLiteHandle  // guarded by `lock`

  /// Opens (creating if missing) the file in WAL mode with synchronous=FULL, foreign keys on and
  /// a busy timeout: how long a write waits for a lock another connection holds before it fails
  /// with `.busy`. Prefer `init(path:migrations:)`, which also refuses future schemas.
  public init(path: String, busyTimeout: Duration = .seconds(5)) throws(StoreError) {
    self.path = path
    handle = try SQLiteHandle(path: path, busyTimeoutMilliseconds: Int32(clamping: busyTimeout.wholeMilliseconds))
  }

  /// Opens the file and brings its schema up to date; closes it again if migrating fails,
  /// including when the file was written by a newer build (`.schemaTooNew`).
  public convenience init(path: String, migrations: [Migration], busyTimeout: Duration = .seconds(5))
    throws(StoreError)
  {
    try self.init(path: path, busyTimeout: busyTimeout)
    do throws(StoreError) {
      try migrate(migrations)
    } catch {
      close()
      throw error
    }
  }

  deinit {
    handle.close()  // no other reference exists, so nobody else can be inside the lock
  }

  /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`; on any error, rolls back and rethrows it.
  /// IMMEDIATE takes the write lock up front, so the commit cannot fail with SQLITE_BUSY midway.
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try transaction(begin: "BEGIN IMMEDIATE", readOnly: false, body)
  }

  /// Runs `body` in a read transaction, so all its queries see one consistent snapshot.
  /// Statements that would modify the database throw `.misuse`.
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try transaction(begin: "BEGIN DEFERRED", readOnly: true, body)
  }

  /// Finalizes all statements and closes the file; later calls throw `.misuse`. Safe to call
  /// twice. Called from inside a closure, it takes effect once that transaction has ended.
  public func close() {
    guard lock.lock() else {
      handle.closeRequested = true  // this thread is inside read/write and already owns `handle`
      return
    }
    handle.close()
    lock.unlock()
  }

  private func transaction<T>(
    begin: StaticString, readOnly: Bool, _ body: (SQLiteConnection) throws -> T
  ) throws -> T {
    try acquire()
    defer { release() }
    try handle.executeInternal(begin)
    let connection = SQLiteConnection(handle: handle, readOnly: readOnly)
    defer { connection.invalidate() }
    do {
      let result = try body(connection)
      // SQLite rolls back by itself after some errors (disk full, I/O); if the body caught
      // such an error and carried on, its later statements ran outside any transaction.
      guard handle.inTransaction else {
        throw StoreError.misuse("the transaction was rolled back by SQLite during the closure")
      }
      try handle.executeInternal("COMMIT")
      return result
    } catch {
      handle.rollbackIfActive()
      throw error
    }
  }

  /// Takes the lock, or throws if this thread already holds it (nested read/write).
  func acquire() throws(StoreError) {
    guard lock.lock() else {
      throw StoreError(
        .nestedAccess,
        "read/write/migrate called inside another read/write on the same database; "
          + "do all the work in the outer closure")
    }
    guard handle.isOpen else {
      lock.unlock()
      throw StoreError.closed
    }
  }

  func release() {
    if handle.closeRequested { handle.close() }
    lock.unlock()
  }
}
