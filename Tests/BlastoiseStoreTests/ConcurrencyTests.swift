import BlastoiseStore
import BlastoiseTestSupport
import Foundation
import Testing

@Test func concurrentWritersLoseNothing() async throws {
  try await withTempDirectoryAsync { dir in
    let db = try SQLiteDatabase(path: dir.appendingPathComponent("c.sqlite").path)
    defer { db.close() }
    try db.write {
      try $0.execute("CREATE TABLE t (writer INTEGER NOT NULL, i INTEGER NOT NULL, PRIMARY KEY (writer, i))")
    }
    let perWriter = 500
    // Plain threads, so the two writers really run at the same time regardless of the pool.
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for i in 0..<perWriter {
        do {
          try db.write { conn in
            try conn.execute("INSERT INTO t (writer, i) VALUES (?, ?)", SQLiteValue(writer), SQLiteValue(i))
          }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty)
    let counts = try db.read { conn in
      try conn.query("SELECT writer, count(*) AS n FROM t GROUP BY writer ORDER BY writer")
        .map { [$0.int("writer"), $0.int("n")] }
    }
    #expect(counts == [[0, perWriter], [1, perWriter]])
  }
}

@Test func concurrentTasksReadAndWrite() async throws {
  try await withTempDirectoryAsync { dir in
    let db = try SQLiteDatabase(path: dir.appendingPathComponent("c.sqlite").path)
    defer { db.close() }
    try db.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<50 {
            try db.write { try $0.execute("INSERT INTO t DEFAULT VALUES") }
            _ = try db.read { try $0.queryOne("SELECT count(*) AS n FROM t") }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try db.read { try $0.queryOne("SELECT count(*) AS n FROM t")?.int("n") } == 200)
  }
}

private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func add(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}

private func withTempDirectoryAsync(_ body: (URL) async throws -> Void) async throws {
  try await TestRun.withDirectory("store") { try await body(URL(fileURLWithPath: $0, isDirectory: true)) }
}
