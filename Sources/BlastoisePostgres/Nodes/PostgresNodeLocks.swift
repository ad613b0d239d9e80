import BlastoiseCore
import BlastoiseStoreShared
import Synchronization

/// `NodeLocks` on PostgreSQL: session-level advisory locks, held on a connection of their own
/// (opened on first use), so they last until unlocked or until the node's session ends — a node
/// killed outright lets go of its locks as soon as PostgreSQL sees its connection close. A lock
/// is keyed by the schema and its name (`hashtext(current_schema() || '/' || name)`, class
/// `lockClass`), so nodes on other schemas of the same database never meet. A lock is held
/// once: this node asking again for one it holds is refused like any other node.
///
/// If that connection is lost while a lock is held (a database restart), the lock is gone with
/// it and another node may take it; the holder learns of it by asking (`holds`).
final class PostgresNodeLocks: NodeLocks {
  /// The first of the two advisory-lock keys: "bn" (room locks are "bl").
  static let lockClass: Int32 = 0x626E
  private let lane: PostgresLane
  private let held = Mutex<Set<NodeLock>>([])

  init(settings: PostgresSettings) {
    lane = PostgresLane(settings: settings, number: 0)
  }

  func tryLock(_ lock: NodeLock) async throws -> Bool {
    guard held.withLock({ $0.insert(lock).inserted }) else { return false }
    do {
      let granted = try await lane.start { connection in
        try connection.queryOne(
          "SELECT pg_try_advisory_lock($1::int4, hashtext(current_schema() || '/' || $2)) AS granted",
          .integer(Int64(Self.lockClass)), .text(lock.name))?.bool("granted") ?? false
      }
      if !granted { _ = held.withLock { $0.remove(lock) } }
      return granted
    } catch {
      _ = held.withLock { $0.remove(lock) }
      throw (error as? PostgresError)?.domainError ?? error
    }
  }

  func unlock(_ lock: NodeLock) async {
    guard held.withLock({ $0.remove(lock) }) != nil else { return }
    _ = try? await lane.start { connection in
      try connection.execute(
        "SELECT pg_advisory_unlock($1::int4, hashtext(current_schema() || '/' || $2))",
        .integer(Int64(Self.lockClass)), .text(lock.name))
    }
  }

  /// Asks the server whether this session holds the lock: after a lost connection the lane is on
  /// a new session, which holds none. A lock found gone (or a failed check) is forgotten here.
  func holds(_ lock: NodeLock) async -> Bool {
    guard held.withLock({ $0.contains(lock) }) else { return false }
    let still =
      (try? await lane.start { connection in
        try connection.queryOne(
          """
          SELECT EXISTS (
            SELECT 1 FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid() AND objsubid = 2
              AND classid::bigint = $1 AND objid::bigint = hashtext(current_schema() || '/' || $2)::bigint & 4294967295
          ) AS held
          """, .integer(Int64(Self.lockClass)), .text(lock.name))?.bool("held") ?? false
      }) ?? false
    if !still { _ = held.withLock { $0.remove(lock) } }
    return still
  }

  /// Ends the session, and with it every lock still held.
  func close() async {
    await lane.close()
  }
}
