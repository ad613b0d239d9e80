import BlastoiseStoreShared
import CLibPQ

/// Batches in libpq's pipeline mode: every statement is sent, then one Sync, and only then are
/// the answers read, so a batch costs one round trip to the server instead of one a statement.
extension PostgresConnection {
  /// Runs `batch` in order in one round trip and returns each statement's rows. The server runs
  /// the statements as it reads them; after the first failure it skips the rest up to the Sync
  /// (`PGRES_PIPELINE_ABORTED`), and that failure is thrown as `execute` throws it. Outside a
  /// transaction the batch is one implicit transaction; inside one, the transaction fails with
  /// it (`failureInTransaction`), as after any failed statement.
  func pipeline(_ batch: [StoreStatement]) throws(PostgresError) -> [[StoreRow]] {
    // Everything that can fail before a statement is sent fails here, outside pipeline mode:
    // values PostgreSQL cannot hold, and preparing the statements this connection has not seen.
    var names: [String] = []
    for statement in batch {
      try PostgresParameters.check(statement.values, sql: statement.sql.text)
      names.append(try statementName(for: statement.sql.text))
    }
    let summary = "a batch of \(batch.count) statements, the first: \(batch[0].sql.text)"
    guard PQenterPipelineMode(handle) == 1 else { throw connectionFailure(sql: summary) }
    defer { _ = PQexitPipelineMode(handle) }
    do throws(PostgresError) {
      for (statement, name) in zip(batch, names) {
        let parameters = try PostgresParameters(statement.values, sql: statement.sql.text)
        let sent = parameters.withArrays { count, values, lengths, formats in
          PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
        }
        guard sent == 1 else { throw connectionFailure(sql: statement.sql.text) }
      }
      guard PQpipelineSync(handle) == 1 else { throw connectionFailure(sql: summary) }
      try flush(sql: summary)
      var rows: [[StoreRow]] = []
      rows.reserveCapacity(batch.count)
      var failure: PostgresError?
      for statement in batch {
        rows.append(try answer(of: statement.sql.text, noting: &failure))
      }
      guard let sync = try nextResult(sql: summary) else { throw connectionFailure(sql: summary) }
      let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
      PQclear(sync)
      guard synced else { throw PostgresError(.misuse, "an answer past the batch's end, in: \(summary)") }
      if let failure { throw failure }
      return rows
    } catch {
      noteFailure(error)
      throw error
    }
  }

  /// One statement's rows from its results (up to the null that ends them); a failure is kept
  /// in `failure` unless one came first.
  private func answer(of sql: String, noting failure: inout PostgresError?) throws(PostgresError) -> [StoreRow] {
    var rows: [StoreRow] = []
    while let result = try nextResult(sql: sql) {
      defer { PQclear(result) }
      switch PQresultStatus(result) {
      case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: rows = PostgresResult(result).rows
      case PGRES_PIPELINE_ABORTED: break  // skipped after the failure
      default: failure = failure ?? PostgresResult.failure(result, connectionLost: isBroken, sql: sql)
      }
    }
    return rows
  }
}
