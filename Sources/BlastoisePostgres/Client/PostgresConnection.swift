import BlastoiseStoreShared
import CLibPQ

/// One libpq connection in non-blocking mode. It lives on its lane's queue and is used only
/// there, so it is deliberately not Sendable; its calls wait on the socket (`poll`), which is
/// why that queue is never a thread of the Swift concurrency pool.
///
/// SQL is a `StaticString`, or a `StoreSQL` made of them (the shared stores'), so it cannot be
/// built from runtime values: values go through `$1`, `$2`…
/// parameters only, their types inferred by the server from where they stand. For a
/// variable-length list, bind one JSON array (`StringListColumn`) and write
/// `… IN (SELECT jsonb_array_elements_text($1::jsonb))`. Each statement is prepared once per
/// connection and then executed by name.
public final class PostgresConnection {
  let handle: OpaquePointer
  /// Prepared statement names by SQL text.
  private var prepared: [String: String] = [:]
  /// The first statement that failed since the last BEGIN: PostgreSQL refuses the rest of a
  /// transaction after one failure, and this says why.
  private(set) var failureInTransaction: PostgresError?

  init(_ settings: PostgresSettings) throws(PostgresError) {
    handle = try Self.open(settings)
    // Shortest exact text for doubles (a server may be configured to round them), and the lock
    // wait after which a statement gives up. If this fails, deinit closes the handle.
    try execute(
      "SELECT set_config('extra_float_digits', '3', false), set_config('lock_timeout', $1, false)",
      .text(String(settings.lockTimeout.wholeMilliseconds)))
  }

  deinit {
    PQfinish(handle)
  }

  /// Runs one statement, discarding any rows; returns how many rows it inserted, changed or deleted.
  @discardableResult
  public func execute(_ sql: StaticString, _ params: StoreValue...) throws(PostgresError) -> Int {
    try perform(sql, params).affected
  }

  /// `execute` with the parameters in an array (values worked out in `BlastoiseStoreShared`).
  @discardableResult
  public func execute(_ sql: StaticString, bindings params: [StoreValue]) throws(PostgresError) -> Int {
    try perform(sql, params).affected
  }

  /// Runs one statement and returns all its rows.
  public func query(_ sql: StaticString, _ params: StoreValue...) throws(PostgresError) -> [StoreRow] {
    try perform(sql, params).rows
  }

  /// Runs one statement and returns its first row, or nil.
  public func queryOne(_ sql: StaticString, _ params: StoreValue...) throws(PostgresError) -> StoreRow? {
    try perform(sql, params).rows.first
  }

  /// Whether the connection still works (false once the server ended it or the network failed).
  var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

  /// Whether the next unit of work may use it: not broken, and not left in pipeline mode by a
  /// batch that could not be sent whole (`pipeline`).
  var isReusable: Bool { !isBroken && PQpipelineStatus(handle) == PQ_PIPELINE_OFF }

  var transactionStatus: PGTransactionStatusType { PQtransactionStatus(handle) }

  /// SQL without parameters through the simple protocol, where several statements may stand in
  /// one string: transaction control and migrations.
  func run(script: String) throws(PostgresError) {
    let sent = PQsendQuery(handle, script)
    _ = try finish(sent: sent, sql: script)
  }

  private func perform(_ sql: StaticString, _ params: [StoreValue]) throws(PostgresError) -> PostgresResult {
    try perform(text: "\(sql)", params)
  }

  private func perform(text: String, _ params: [StoreValue]) throws(PostgresError) -> PostgresResult {
    let name = try statementName(for: text)
    let parameters = try PostgresParameters(params, sql: text)
    let sent = parameters.withArrays { count, values, lengths, formats in
      PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
    }
    return try finish(sent: sent, sql: text)
  }

  func statementName(for sql: String) throws(PostgresError) -> String {
    if let name = prepared[sql] { return name }
    let name = "blastoise_\(prepared.count + 1)"
    _ = try finish(sent: PQsendPrepare(handle, name, sql, 0, nil), sql: sql)
    prepared[sql] = name
    return name
  }

  /// Waits for every result of what was just sent and returns the last; the first failure, if
  /// any, is thrown (and kept as `failureInTransaction`).
  private func finish(sent: Int32, sql: String) throws(PostgresError) -> PostgresResult {
    do throws(PostgresError) {
      guard sent == 1 else { throw connectionFailure(sql: sql) }
      try flush(sql: sql)
      var last: PostgresResult?
      var failure: PostgresError?
      while let result = try nextResult(sql: sql) {
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: last = PostgresResult(result)
        default: failure = failure ?? PostgresResult.failure(result, connectionLost: isBroken, sql: sql)
        }
      }
      if let failure { throw failure }
      guard let last else { throw connectionFailure(sql: sql) }
      return last
    } catch {
      noteFailure(error)
      throw error
    }
  }

  /// Keeps `error` as `failureInTransaction` when it is the first to fail the open transaction.
  func noteFailure(_ error: PostgresError) {
    if failureInTransaction == nil, transactionStatus == PQTRANS_INERROR { failureInTransaction = error }
  }

  /// BEGIN … COMMIT around `body` on this connection; rolls back when `body` throws.
  func transaction<T>(_ isolation: PostgresIsolation, _ body: () throws -> T) throws -> T {
    try begin(isolation)
    do {
      let result = try body()
      try commit()
      return result
    } catch {
      rollback()
      throw error
    }
  }

  func begin(_ isolation: PostgresIsolation) throws(PostgresError) {
    failureInTransaction = nil
    try run(script: isolation.begin)
  }

  /// Commits; refuses when a statement failed and the caller carried on (PostgreSQL would turn
  /// the COMMIT into a silent rollback).
  func commit() throws(PostgresError) {
    if transactionStatus == PQTRANS_INERROR {
      throw failureInTransaction
        ?? PostgresError(.misuse, "a statement of the transaction failed and the transaction carried on")
    }
    try run(script: "COMMIT")
  }

  /// Rolls back whatever is open; a connection that is gone has nothing to roll back.
  func rollback() {
    guard !isBroken, transactionStatus != PQTRANS_IDLE else { return }
    try? run(script: "ROLLBACK")
  }

  func connectionFailure(sql: String) -> PostgresError {
    PostgresError(.connection, "\(Self.errorText(handle)) in: \(sql)")
  }

  static func errorText(_ handle: OpaquePointer) -> String {
    PostgresError.text(PQerrorMessage(handle))
  }
}

extension PostgresConnection: StoreConnection {
  @discardableResult
  public func execute(_ sql: StoreSQL, values: [StoreValue]) throws(PostgresError) -> Int {
    try perform(text: sql.text, values).affected
  }

  public func query(_ sql: StoreSQL, values: [StoreValue]) throws(PostgresError) -> [StoreRow] {
    try perform(text: sql.text, values).rows
  }

  public func queryOne(_ sql: StoreSQL, values: [StoreValue]) throws(PostgresError) -> StoreRow? {
    try perform(text: sql.text, values).rows.first
  }

  /// In one round trip (`pipeline`); a single statement goes the usual way.
  @discardableResult
  public func runBatch(_ batch: [StoreStatement]) throws(PostgresError) -> [[StoreRow]] {
    guard batch.count > 1 else {
      guard let statement = batch.first else { return [] }
      return [try perform(text: statement.sql.text, statement.values).rows]
    }
    return try pipeline(batch)
  }

  public var dialect: any SQLDialect { PostgresDialect() }
}

/// PostgreSQL's words where they are not SQLite's (`SQLDialect`).
struct PostgresDialect: SQLDialect {
  func textList(_ parameter: StoreSQL) -> StoreSQL { "SELECT jsonb_array_elements_text(\(parameter)::jsonb)" }
  /// The database's own collation follows its locale; "C" is byte order, as SQLite compares.
  func byteOrder(_ expression: StoreSQL) -> StoreSQL { "\(expression) COLLATE \"C\"" }
  /// lower() under "C" folds ASCII letters only, as NOCASE does.
  func asciiCaseFolded(_ expression: StoreSQL) -> StoreSQL { "lower(\(expression) COLLATE \"C\")" }
  /// `position` is GENERATED ALWAYS AS IDENTITY: nodes inserting at once never take the same one.
  var nextImportPosition: StoreSQL { "DEFAULT" }
  /// The job's lock as `PostgresNodeLocks` takes it: class `lockClass` (25198, `importLockClass`
  /// here, a literal since SQL text holds no runtime value), key `hashtext(schema/import/<id>)`.
  func importJobUnowned(_ id: StoreSQL) -> StoreSQL {
    """
    NOT EXISTS (
      SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = \(Self.importLockClass)
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND objid::bigint = hashtext(current_schema() || '/import/' || \(id))::bigint & 4294967295)
    """
  }
  static let importLockClass: StoreSQL = "25198"
  var skipLocked: StoreSQL { "FOR UPDATE SKIP LOCKED" }
  var storedOrder: StoreSQL { "stored_order" }
  func contains(_ haystack: StoreSQL, _ needle: StoreSQL) -> StoreSQL { "strpos(\(haystack), \(needle)) > 0" }
}

// Not Sendable on purpose: it must never leave its lane's queue.
@available(*, unavailable)
extension PostgresConnection: Sendable {}
