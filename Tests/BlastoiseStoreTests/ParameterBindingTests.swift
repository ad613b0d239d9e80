import BlastoiseStore
import BlastoiseStoreShared
import Testing

/// SQLite binds a numbered parameter (`$k`, `?k`) to the k-th value by its name, wherever it
/// stands and however often; a `?` takes the value of its own place. The shared stores' SQL
/// relies on it: it is written once, with PostgreSQL's `$1`, `$2`….
struct ParameterBindingTests {
  @Test func numberedParametersOutOfOrderTakeTheirOwnValues() throws {
    try withScratchDatabase { db in
      let row = try db.read { try $0.queryOne("SELECT $2 AS second, $1 AS first", .text("one"), .text("two")) }
      #expect(row?.string("first") == "one")
      #expect(row?.string("second") == "two")
    }
  }

  @Test func aRepeatedParameterTakesOneValue() throws {
    try withScratchDatabase { db in
      try db.write { try $0.execute("INSERT INTO t (id, v) VALUES ($1, $2)", 7, .text("x")) }
      let row = try db.read { connection in
        try connection.queryOne(
          "SELECT $2 AS a, v, $2 AS b FROM t WHERE id = $1 AND $1 > 0 AND v = $2", 7, .text("x"))
      }
      #expect(row?.string("a") == "x")
      #expect(row?.string("b") == "x")
      #expect(row?.string("v") == "x")
    }
  }

  @Test func questionMarksStayPositional() throws {
    try withScratchDatabase { db in
      let plain = try db.read { try $0.queryOne("SELECT ? AS a, ? AS b", .text("one"), .text("two")) }
      #expect(plain?.string("a") == "one")
      #expect(plain?.string("b") == "two")
      // SQLite's own numbered `?NNN` mean the same as `$NNN`.
      let numbered = try db.read { try $0.queryOne("SELECT ?2 AS b, ?1 AS a, ?2 AS c", .text("one"), .text("two")) }
      #expect(numbered?.string("a") == "one")
      #expect(numbered?.string("b") == "two")
      #expect(numbered?.string("c") == "two")
    }
  }

  @Test func aQuestionMarkAmongNumberedOnesTakesTheValueOfItsPlace() throws {
    try withScratchDatabase { db in
      // `$1` is parameter 1 and `?` parameter 2, so `?` takes the second value.
      let row = try db.read { try $0.queryOne("SELECT $1 AS a, ? AS b, $1 AS c", .text("one"), .text("two")) }
      #expect(row?.string("a") == "one")
      #expect(row?.string("b") == "two")
      #expect(row?.string("c") == "one")
    }
  }

  @Test func aStatementWithoutParametersTakesNoValues() throws {
    try withScratchDatabase { db in
      let row = try db.read { try $0.queryOne("SELECT 1 AS n") }
      #expect(row?.int("n") == 1)
      let error = #expect(throws: StoreError.self) { try db.read { try $0.queryOne("SELECT 1 AS n", 1) } }
      #expect(error?.code == .misuse)
    }
  }

  @Test(
    arguments: [
      ("SELECT $1 AS a, $3 AS c", 3),  // value 2 would be bound to nothing
      ("SELECT $2 AS b", 1),  // there is no second value
      ("SELECT $1 AS a", 2),  // the second value would be bound to nothing
      ("SELECT $0 AS a", 1),  // values count from 1
      ("SELECT :name AS a", 1),  // names are numbers
      ("SELECT @name AS a", 1),
      ("SELECT $name AS a", 1),
    ] as [(StaticString, Int)])
  func parametersThatMissAValueAreRefused(sql: StaticString, values: Int) throws {
    try withScratchDatabase { db in
      let error = #expect(throws: StoreError.self) {
        try db.read { try $0.execute(sql, bindings: (0..<values).map { .integer(Int64($0)) }) }
      }
      #expect(error?.code == .misuse)
    }
  }

  @Test func statementsPutTogetherFromLiteralsAreBoundTheSameWay() throws {
    let table: StoreSQL = "t"
    let sql: StoreSQL = "SELECT v FROM \(table) WHERE id = $2 AND v = $1"
    #expect(sql.text == "SELECT v FROM t WHERE id = $2 AND v = $1")
    try withScratchDatabase { db in
      try db.write { try $0.execute("INSERT INTO t (id, v) VALUES (1, 'x')") }
      let row = try db.read { try $0.queryOne(sql, values: [.text("x"), .integer(1)]) }
      #expect(row?.string("v") == "x")
      let changed = try db.write { try $0.execute("UPDATE \(table) SET v = $1 WHERE id = $2", .text("y"), 1) }
      #expect(changed == 1)
    }
  }
}
