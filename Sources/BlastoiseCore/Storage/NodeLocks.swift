/// What only one node at a time may do, among all the nodes that share a store.
public enum NodeLock: Hashable, Sendable {
  /// Scanning the library.
  case scan
  /// Running one import job (by its ID): held by the node that runs it, from its claim until
  /// its last state is stored.
  case importJob(String)

  /// Unique among locks: a backend keys the lock by it.
  public var name: String {
    switch self {
    case .scan: "scan"
    case .importJob(let id): "import/" + id
    }
  }
}

/// Locks that every node sharing the store respects. PostgreSQL: session-level advisory locks on
/// a connection of their own, so a node that dies lets go of its locks with its session; SQLite:
/// one process uses the file, so the locks are that process's own.
public protocol NodeLocks: Sendable {
  /// Takes `lock` unless someone — another node, or this one — holds it (then false).
  func tryLock(_ lock: NodeLock) async throws -> Bool
  /// Lets go of a lock `tryLock` took here; nothing when this node does not hold it.
  func unlock(_ lock: NodeLock) async
  /// Whether this node still holds `lock`: on PostgreSQL the session holding it may have ended
  /// (a database restart, a cut network), and the lock with it. False: `tryLock` may take it again.
  func holds(_ lock: NodeLock) async -> Bool
}
