import BlastoiseCore
import BlastoiseStoreShared
import Dispatch
import Synchronization

/// Read-only work outside transactions runs on connections of its own, one per core, each on a
/// serial queue of its own: in WAL mode readers never wait for the writer (a scan's batch, an
/// fsync) nor for each other, and two cores answer reads at once. Each call is one read
/// transaction and sees every commit that ended before it began, so a write that returned is
/// seen by the next read. Reads inside a `Storage.transaction` stay on the writer's connection,
/// where the transaction's own changes are.
final class SQLiteReaders: Sendable {
  private struct Reader: Sendable {
    let database: SQLiteDatabase
    let queue: DispatchQueue
  }

  private let readers: [Reader]
  /// Calls in progress on each reader: a call goes to the least busy.
  private let busy: Mutex<[Int]>

  /// Opens `count` more connections to the (already migrated) file at `path`.
  init(path: String, count: Int, busyTimeout: Duration) throws(StoreError) {
    var readers: [Reader] = []
    for index in 0..<count {
      let database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
      readers.append(Reader(database: database, queue: DispatchQueue(label: "blastoise.sqlite-read-\(index)")))
    }
    self.readers = readers
    busy = Mutex([Int](repeating: 0, count: count))
  }

  func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
    let index = busy.withLock { busy in
      let index = busy.indices.min { busy[$0] < busy[$1] } ?? 0
      busy[index] += 1
      return index
    }
    defer { busy.withLock { $0[index] -= 1 } }
    let database = readers[index].database
    return try await BlockingWork.run(on: readers[index].queue) { try database.read(body) }
  }

  /// Waits for the reads in progress, then closes every connection.
  func close() async {
    for reader in readers {
      let database = reader.database
      _ = try? await BlockingWork.run(on: reader.queue) { database.close() }
    }
  }
}
