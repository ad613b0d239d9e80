import BlastoiseCore
import Dispatch

/// One connection slot of the pool: a serial queue of its own — a thread while it works, never
/// one of the Swift concurrency pool, since libpq calls wait on the network — and the connection
/// it opens on first use, and opens again when the old one was lost.
///
/// `@unchecked Sendable` is sound because `connection` is touched only on `queue`.
final class PostgresLane: @unchecked Sendable {
  private let queue: DispatchQueue
  private let settings: PostgresSettings
  private var connection: PostgresConnection?

  init(settings: PostgresSettings, number: Int) {
    self.settings = settings
    queue = DispatchQueue(label: "blastoise.postgres.\(number)")
  }

  /// Starts a unit of work (a transaction, or the steps that open one) on the lane's connection,
  /// reconnecting first when the server ended the old one while it was idle.
  func start<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await BlockingWork.run(on: queue) {
      if let idle = self.connection, !idle.isUsableWhenIdle { self.connection = nil }
      let connection = try self.connection ?? PostgresConnection(self.settings)
      self.connection = connection
      return try self.use(connection, body)
    }
  }

  /// Goes on with the unit of work `start` began, on the same connection; fails when that
  /// connection was lost meanwhile (a new one would not be inside the transaction).
  func proceed<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
    try await BlockingWork.run(on: queue) {
      guard let connection = self.connection else {
        throw PostgresError(.connection, "the connection was lost during the transaction")
      }
      return try self.use(connection, body)
    }
  }

  /// Closes the connection once the work queued before has finished.
  func close() async {
    _ = try? await BlockingWork.run(on: queue) { self.connection = nil }
  }

  private func use<T>(_ connection: PostgresConnection, _ body: (PostgresConnection) throws -> T) throws -> T {
    defer { if !connection.isReusable { self.connection = nil } }
    return try body(connection)
  }
}
