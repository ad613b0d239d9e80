import BlastoiseCore
import Synchronization

/// `NodeLocks` on SQLite: one process uses the database file, so its locks are that process's
/// own, a set in memory (one per `SQLiteStorage`).
final class SQLiteNodeLocks: NodeLocks {
  private let held = Mutex<Set<NodeLock>>([])

  func tryLock(_ lock: NodeLock) async throws -> Bool {
    held.withLock { $0.insert(lock).inserted }
  }

  func unlock(_ lock: NodeLock) async {
    _ = held.withLock { $0.remove(lock) }
  }

  func holds(_ lock: NodeLock) async -> Bool {
    held.withLock { $0.contains(lock) }
  }
}
