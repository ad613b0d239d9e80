import BlastoiseStore
import BlastoiseStoreShared
import Testing

private let v1 = Migration(
  version: 1, name: "artists",
  sql: """
    CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    CREATE INDEX artist_name ON artist (name);
    """)
private let v2 = Migration(
  version: 2, name: "albums",
  sql: "CREATE TABLE album (id INTEGER PRIMARY KEY, artist_id INTEGER NOT NULL REFERENCES artist(id));")
private let v3 = Migration(version: 3, name: "tracks", sql: "CREATE TABLE track (id INTEGER PRIMARY KEY);")
private let badV3 = Migration(
  version: 3, name: "broken",
  sql: """
    CREATE TABLE track (id INTEGER PRIMARY KEY);
    INSERT INTO no_such_table VALUES (1);
    """)

private func userVersion(_ db: SQLiteDatabase) throws -> Int? {
  try db.read { try $0.queryOne("PRAGMA user_version")?.int("user_version") }
}

@Test func freshFileGetsAllMigrations() throws {
  try withTempDatabasePath { path in
    let db = try SQLiteDatabase(path: path, migrations: [v1, v2, v3])
    defer { db.close() }
    #expect(try userVersion(db) == 3)
    #expect(try tableNames(db) == ["album", "artist", "track"])
  }
}

@Test func reopeningAppliesOnlyNewMigrations() throws {
  try withTempDatabasePath { path in
    do {
      let db = try SQLiteDatabase(path: path, migrations: [v1])
      try db.write { try $0.execute("INSERT INTO artist (name) VALUES (?)", "Kept") }
      db.close()
    }
    // Re-running v1 would fail (table exists), so success proves it was skipped.
    let db = try SQLiteDatabase(path: path, migrations: [v1, v2])
    defer { db.close() }
    #expect(try userVersion(db) == 2)
    #expect(try tableNames(db) == ["album", "artist"])
    #expect(try db.read { try $0.queryOne("SELECT name FROM artist")?.string("name") } == "Kept")
    try db.migrate([v1, v2])  // nothing pending: a no-op
    #expect(try userVersion(db) == 2)
  }
}

@Test func failingMigrationLeavesVersionAndSchemaUntouched() throws {
  try withTempDatabasePath { path in
    do {
      let db = try SQLiteDatabase(path: path, migrations: [v1])
      db.close()
    }
    let error = #expect(throws: StoreError.self) {
      try SQLiteDatabase(path: path, migrations: [v1, v2, badV3])
    }
    #expect(error?.code == .migration)
    #expect(error?.message.contains("migration 3 \"broken\"") == true)

    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    #expect(try userVersion(db) == 1)
    #expect(try tableNames(db) == ["artist"])  // neither album (v2) nor track (v3's first line)
  }
}

@Test func nonIncreasingVersionsAreRefused() throws {
  try withTempDatabasePath { path in
    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    for list in [[v2, v1], [v1, v1], [v1, v3], [v2]] {
      let error = #expect(throws: StoreError.self) { try db.migrate(list) }
      #expect(error?.code == .migration)
    }
    #expect(try userVersion(db) == 0)
    #expect(try tableNames(db).isEmpty)
  }
}

@Test func fileFromTheFutureIsRefused() throws {
  try withTempDatabasePath { path in
    do {
      let db = try SQLiteDatabase(path: path, migrations: [v1, v2, v3])
      db.close()
    }
    let error = #expect(throws: StoreError.self) {
      try SQLiteDatabase(path: path, migrations: [v1, v2])
    }
    #expect(error?.code == .schemaTooNew)
    #expect(error?.message.contains("version 3") == true)

    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    #expect(try userVersion(db) == 3)
  }
}

@Test func migrationMayNotManageTheTransaction() throws {
  let sneaky = Migration(
    version: 1, name: "sneaky", sql: "CREATE TABLE a (x); COMMIT; CREATE TABLE b (x);")
  try withTempDatabasePath { path in
    let error = #expect(throws: StoreError.self) { try SQLiteDatabase(path: path, migrations: [sneaky]) }
    #expect(error?.code == .migration)
    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    #expect(try tableNames(db).isEmpty)
    #expect(try userVersion(db) == 0)
  }
}
