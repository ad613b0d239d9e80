import BlastoiseStore
import Foundation
import Testing

@Test func pragmasAreInForce() throws {
  try withTempDatabasePath { path in
    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    let row = try #require(
      try db.read { conn in
        try conn.queryOne(
          """
          SELECT (SELECT journal_mode FROM pragma_journal_mode) AS journal,
                 (SELECT foreign_keys FROM pragma_foreign_keys) AS fk,
                 (SELECT synchronous FROM pragma_synchronous) AS sync
          """)
      })
    #expect(row.string("journal") == "wal")
    #expect(row.int("fk") == 1)
    #expect(row.int("sync") == 2)
  }
}

@Test func openingAnUnreachablePathFails() throws {
  let error = #expect(throws: StoreError.self) {
    try SQLiteDatabase(path: "/nonexistent-dir-\(UUID().uuidString)/x.sqlite")
  }
  #expect(error?.code == .cannotOpen)
}

@Test func openingANonDatabaseFileFails() throws {
  try withTempDatabasePath { path in
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: StoreError.self) { try SQLiteDatabase(path: path) }
    #expect(error?.code == .cannotOpen)
  }
}

@Test func writeRollsBackWhenTheBodyThrows() throws {
  struct Boom: Error {}
  try withScratchDatabase { db in
    #expect(throws: Boom.self) {
      try db.write { conn in
        try conn.execute("INSERT INTO t (id, v) VALUES (1, 'kept?')")
        throw Boom()
      }
    }
    let count = try db.read { try $0.queryOne("SELECT count(*) AS n FROM t")?.int("n") }
    #expect(count == 0)
  }
}

@Test func writeReturnsTheBodyResultAndCommits() throws {
  try withScratchDatabase { db in
    let id = try db.write { conn in
      try conn.execute("INSERT INTO t (v) VALUES (?)", "a")
      #expect(conn.changes == 1)
      return conn.lastInsertRowID
    }
    #expect(id == 1)
    let v = try db.read { try $0.queryOne("SELECT v FROM t WHERE id = ?", .integer(id))?.string("v") }
    #expect(v == "a")
  }
}

@Test func uniqueViolationHasConstraintCode() throws {
  try withScratchDatabase { db in
    try db.write { try $0.execute("INSERT INTO t (id, v) VALUES (1, 'a')") }
    let error = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO t (id, v) VALUES (1, 'b')") }
    }
    #expect(error?.code == .constraint)
    #expect(error?.isUniqueViolation == true)

    try db.write { try $0.execute("CREATE TABLE u (name TEXT NOT NULL UNIQUE)") }
    try db.write { try $0.execute("INSERT INTO u (name) VALUES (?)", "x") }
    let unique = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO u (name) VALUES (?)", "x") }
    }
    #expect(unique?.code == .constraint)
    #expect(unique?.isUniqueViolation == true)
    #expect(unique?.message.contains("INSERT INTO u") == true)
  }
}

@Test func foreignKeyViolationIsAConstraintButNotUnique() throws {
  try withScratchDatabase { db in
    try db.write {
      try $0.execute("CREATE TABLE child (id INTEGER PRIMARY KEY, t_id INTEGER NOT NULL REFERENCES t(id))")
    }
    let error = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO child (t_id) VALUES (?)", 42) }
    }
    #expect(error?.code == .constraint)
    #expect(error?.isUniqueViolation == false)
  }
}

@Test func dataSurvivesCloseAndReopen() throws {
  try withTempDatabasePath { path in
    do {
      let db = try SQLiteDatabase(path: path)
      try db.write { conn in
        try conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        try conn.execute("INSERT INTO t (v) VALUES (?)", "persisted")
      }
      db.close()
    }
    let db = try SQLiteDatabase(path: path)
    defer { db.close() }
    let v = try db.read { try $0.queryOne("SELECT v FROM t")?.string("v") }
    #expect(v == "persisted")
  }
}

@Test func closedDatabaseRefusesWork() throws {
  try withScratchDatabase { db in
    db.close()
    db.close()  // idempotent
    let error = #expect(throws: StoreError.self) { try db.read { _ in 1 } }
    #expect(error?.code == .misuse)
  }
}

@Test func closeInsideAClosureTakesEffectAfterIt() throws {
  try withScratchDatabase { db in
    try db.write { conn in
      db.close()
      try conn.execute("INSERT INTO t (v) VALUES (1)")  // still usable until the commit
    }
    #expect(throws: StoreError.self) { try db.read { _ in 1 } }
  }
}

@Test func nestedAccessThrowsInsteadOfDeadlocking() throws {
  try withScratchDatabase { db in
    let nestedWrite = #expect(throws: StoreError.self) {
      try db.write { _ in try db.write { _ in } }
    }
    #expect(nestedWrite?.code == .nestedAccess)
    let nestedRead = #expect(throws: StoreError.self) {
      try db.write { _ in try db.read { _ in } }
    }
    #expect(nestedRead?.code == .nestedAccess)
    let nestedMigrate = #expect(throws: StoreError.self) {
      try db.read { _ in try db.migrate([]) }
    }
    #expect(nestedMigrate?.code == .nestedAccess)
    // The database is still usable afterwards.
    let one = try db.read { try $0.queryOne("SELECT 1 AS one")?.int("one") }
    #expect(one == 1)
  }
}

@Test func connectionIsUnusableAfterItsClosure() throws {
  try withScratchDatabase { db in
    let escaped = try db.write { $0 }
    let error = #expect(throws: StoreError.self) { try escaped.execute("INSERT INTO t (v) VALUES (1)") }
    #expect(error?.code == .misuse)
  }
}

@Test func readRefusesWrites() throws {
  try withScratchDatabase { db in
    let error = #expect(throws: StoreError.self) {
      try db.read { try $0.execute("INSERT INTO t (v) VALUES (1)") }
    }
    #expect(error?.code == .misuse)
  }
}

@Test func transactionControlInsideAClosureIsRefused() throws {
  try withScratchDatabase { db in
    let error = #expect(throws: StoreError.self) {
      try db.write { conn in
        try conn.execute("INSERT INTO t (id, v) VALUES (1, 'x')")
        try conn.execute("COMMIT")
      }
    }
    #expect(error?.code == .misuse)
    #expect(error?.message.contains("SAVEPOINT") == true)
    #expect(try db.read { try $0.query("SELECT * FROM t") }.isEmpty)
    let inRead = #expect(throws: StoreError.self) { try db.read { try $0.execute("COMMIT") } }
    #expect(inRead?.code == .misuse)
    // Savepoints are fine.
    try db.write { conn in
      try conn.execute("SAVEPOINT s")
      try conn.execute("INSERT INTO t (id, v) VALUES (2, 'y')")
      try conn.execute("ROLLBACK TO s")
      try conn.execute("RELEASE s")
    }
  }
}

@Test func severalStatementsInOneCallAreRefused() throws {
  try withScratchDatabase { db in
    let error = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO t (v) VALUES (1); DELETE FROM t") }
    }
    #expect(error?.code == .misuse)
    // A trailing semicolon and comment are not a second statement.
    try db.write { try $0.execute("INSERT INTO t (v) VALUES (1); -- done") }
    #expect(try db.read { try $0.query("SELECT * FROM t") }.count == 1)
  }
}

@Test func wrongParameterCountIsRefused() throws {
  try withScratchDatabase { db in
    let tooFew = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO t (id, v) VALUES (?, ?)", 1) }
    }
    #expect(tooFew?.code == .misuse)
    let tooMany = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO t (v) VALUES (?)", 1, 2) }
    }
    #expect(tooMany?.code == .misuse)
  }
}

@Test func syntaxErrorIsReportedWithTheSQL() throws {
  try withScratchDatabase { db in
    let error = #expect(throws: StoreError.self) {
      try db.read { try $0.query("SELEC nonsense FROM t") }
    }
    #expect(error?.code == .sql)
    #expect(error?.message.contains("SELEC nonsense") == true)
  }
}
