import Synchronization

/// One `Storage.transaction` while its body runs. The body's task carries the mark, so a call
/// from inside the body to the *outer* storage is refused instead of waiting for the transaction
/// it is in, and a storage that escaped the body is refused once the body has returned.
public final class TransactionMark: Sendable {
  @TaskLocal private static var current: TransactionMark?

  /// The backend instance (a runner, a pool) whose transaction this is.
  private let backend: ObjectIdentifier
  private let open = Mutex(true)

  public init(backend: ObjectIdentifier) {
    self.backend = backend
  }

  /// Runs `body` with the mark on its task; the mark ends when `body` returns or throws, before
  /// the backend commits or rolls back.
  public func run<T>(_ body: () async throws -> T) async throws -> T {
    defer { open.withLock { $0 = false } }
    return try await Self.$current.withValue(self) { try await body() }
  }

  /// Throws unless the body is still running: call it where the transaction's statements run.
  public func checkOpen() throws(StorageMisuse) {
    guard open.withLock({ $0 }) else {
      throw StorageMisuse("a transaction's storage was used after that transaction had ended")
    }
  }

  /// Throws when the calling task is the body of an open transaction of `backend`: the caller
  /// used the outer storage where it must use the one the transaction handed it.
  public static func refuseNested(in backend: ObjectIdentifier) throws(StorageMisuse) {
    guard let mark = current, mark.backend == backend, mark.open.withLock({ $0 }) else { return }
    throw StorageMisuse(
      "the outer storage was called from inside its own transaction; use the storage the transaction hands you")
  }
}

/// A store used against its rules (a programming error: logged and answered 500).
public struct StorageMisuse: Error, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { "StorageMisuse: \(message)" }
}
