import BlastoiseStore
import Testing

@Test(arguments: [
  SQLiteValue.null,
  .integer(0), .integer(Int64.min), .integer(Int64.max), .integer(-1),
  .real(0), .real(-1.5), .real(Double.greatestFiniteMagnitude), .real(Double.leastNonzeroMagnitude),
  .text(""), .text("plain"), .text("ünïcødé — 日本語 — 🎵🐢"),
  .blob([]), .blob([0, 1, 2, 255]),
])
func boundValuesRoundTrip(value: SQLiteValue) throws {
  try withScratchDatabase { db in
    let id = try db.write { conn in
      try conn.execute("INSERT INTO t (v) VALUES (?)", value)
      return conn.lastInsertRowID
    }
    let row = try db.read { try $0.queryOne("SELECT v FROM t WHERE id = ?", .integer(id)) }
    #expect(row?["v"] == value)
    // And the value works as a parameter in a comparison, not just in storage.
    let matches = try db.read { try $0.query("SELECT id FROM t WHERE v IS ?", value) }
    #expect(matches.count == 1)
  }
}

/// PostgreSQL's text cannot hold a NUL, and SQLite keeps the same rule.
@Test func textWithNULIsRefusedBeforeItIsBound() throws {
  try withScratchDatabase { db in
    let error = #expect(throws: StoreError.self) {
      try db.write { try $0.execute("INSERT INTO t (v) VALUES (?)", .text("nul\u{0}inside")) }
    }
    #expect(error?.code == .nulInText)
    let rows = try db.read { try $0.query("SELECT id FROM t") }
    #expect(rows.isEmpty)
  }
}

@Test func largeBlobRoundTrips() throws {
  let big = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
  try withScratchDatabase { db in
    try db.write { try $0.execute("INSERT INTO t (id, v) VALUES (1, ?)", .blob(big)) }
    let back = try db.read { try $0.queryOne("SELECT v FROM t WHERE id = 1")?.blob("v") }
    #expect(back == big)
  }
}

@Test func injectionTextIsStoredLiterally() throws {
  try withScratchDatabase { db in
    let evil = "x'); DROP TABLE t; --"
    try db.write { try $0.execute("INSERT INTO t (v) VALUES (?)", .text(evil)) }
    #expect(try tableNames(db) == ["t"])
    let stored = try db.read { try $0.queryOne("SELECT v FROM t")?.string("v") }
    #expect(stored == evil)
  }
}

@Test func cachedStatementsDoNotLeakBindingsBetweenUses() throws {
  try withScratchDatabase { db in
    try db.write { conn in
      for i in 0..<5 {
        let v: SQLiteValue = i.isMultiple(of: 2) ? .integer(Int64(i)) : .null
        try conn.execute("INSERT INTO t (id, v) VALUES (?, ?)", SQLiteValue(i), v)
      }
    }
    let rows = try db.read { try $0.query("SELECT id, v FROM t ORDER BY id") }
    #expect(rows.map { $0["v"] } == [0, nil, 2, nil, 4])
  }
}

@Test func literalsAndConvenienceInitializers() {
  #expect(SQLiteValue(42) == .integer(42))
  #expect(SQLiteValue(Int64(7)) == .integer(7))
  #expect(SQLiteValue(2.5) == .real(2.5))
  #expect(SQLiteValue(true) == .integer(1))
  #expect(SQLiteValue("s") == .text("s"))
  #expect(SQLiteValue([UInt8]([1, 2])) == .blob([1, 2]))
  let missing: String? = nil
  #expect(SQLiteValue(missing) == .null)
  let present: Int? = 3
  #expect(SQLiteValue(present) == .integer(3))
  let literals: [SQLiteValue] = [1, 1.5, "a", false, nil]
  #expect(literals == [.integer(1), .real(1.5), .text("a"), .integer(0), .null])
}

@Test func rowAccessorsReadByColumnName() throws {
  try withScratchDatabase { db in
    let row = try #require(
      try db.read { conn in
        try conn.queryOne(
          "SELECT 7 AS i, 2.5 AS d, 'txt' AS s, x'0102' AS b, NULL AS n, 0 AS f, 1 AS t")
      })
    #expect(row.columnNames == ["i", "d", "s", "b", "n", "f", "t"])
    #expect(row.int("i") == 7)
    #expect(row.int64("i") == 7)
    #expect(row.double("i") == 7)
    #expect(row.double("d") == 2.5)
    #expect(row.string("s") == "txt")
    #expect(row.blob("b") == [1, 2])
    #expect(row["n"] == .null)
    #expect(row.int("n") == nil)
    #expect(row.bool("f") == false)
    #expect(row.bool("t") == true)
    #expect(row.string("i") == nil)  // no silent conversion between storage classes
    #expect(row.hasColumn("missing") == false)
    #expect(row["missing"] == .null)
  }
}
