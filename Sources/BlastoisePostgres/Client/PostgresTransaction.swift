import BlastoiseStoreShared

/// One `PostgresDatabase.transaction`: the lane it holds from BEGIN to COMMIT, and the mark its
/// body's task carries.
public final class PostgresTransaction: Sendable {
  private let lane: PostgresLane
  private let mark: TransactionMark

  init(lane: PostgresLane, database: ObjectIdentifier) {
    self.lane = lane
    mark = TransactionMark(backend: database)
  }

  /// Runs `body` on the transaction's connection as one of its steps; refused once the
  /// transaction's body has returned, so a storage that escaped it cannot slip work into a
  /// later transaction on the same connection.
  @discardableResult
  public func step<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    let mark = mark
    return try await lane.proceed { connection in
      try mark.checkOpen()
      return try body(connection)
    }
  }

  /// BEGIN, `body`, COMMIT; a throw rolls back. When a statement lost a serialization conflict,
  /// that failure is what leaves (whatever `body` made of it), so the caller can run it again.
  func run<T>(_ body: (PostgresTransaction) async throws -> T) async throws -> T {
    try await lane.start { try $0.begin(.serializable) }
    do {
      let result = try await mark.run { try await body(self) }
      try await lane.proceed { try $0.commit() }
      return result
    } catch {
      let failure =
        (try? await lane.proceed { connection in
          defer { connection.rollback() }
          return connection.failureInTransaction
        }) ?? nil
      if let failure, failure.isRetryable { throw failure }
      throw error
    }
  }
}
