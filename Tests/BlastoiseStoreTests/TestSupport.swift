import BlastoiseStore
import BlastoiseTestSupport
import Foundation

/// Runs `body` with a database path inside a fresh temporary directory, removed afterwards.
func withTempDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  try TestRun.withDirectory("store") { try body(URL(fileURLWithPath: $0, isDirectory: true)) }
}

func withTempDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
  try withTempDirectory { try body($0.appendingPathComponent("test.sqlite").path) }
}

/// A database with `t(id INTEGER PRIMARY KEY, v)`, where `v` has no type so any value round-trips.
func withScratchDatabase<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
  try withTempDatabasePath { path in
    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    try db.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)") }
    return try body(db)
  }
}

func tableNames(_ db: SQLiteDatabase) throws -> [String] {
  try db.read { conn in
    try conn.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .compactMap { $0.string("name") }
  }
}
