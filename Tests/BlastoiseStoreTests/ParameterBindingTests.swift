import BlastoiseStore
import BlastoiseStoreShared
import Testing

/// SQLite binds a numbered parameter (`$k`, `?k`) to the k-th value by its name, wherever it
/// stands and however often; a `?` takes the value of its own place. The shared stores' SQL
/// relies on it: it is written once, with PostgreSQL's `$1`, `$2`….
struct ParameterBindingTests {
  @Test(
    arguments: [
      ("SELECT $2 AS a, $1 AS b", ["one", "two"], ["two", "one"]),  // out of order
      ("SELECT $1 AS a, $2 AS b, $1 AS c", ["one", "two"], ["one", "two", "one"]),  // repeated
      ("SELECT ? AS a, ? AS b", ["one", "two"], ["one", "two"]),  // `?` by place
      ("SELECT ?2 AS a, ?1 AS b, ?2 AS c", ["one", "two"], ["two", "one", "two"]),  // SQLite's own numbers
      // `$1` is parameter 1 and `?` parameter 2, so `?` takes the second value.
      ("SELECT $1 AS a, ? AS b, $1 AS c", ["one", "two"], ["one", "two", "one"]),
      ("SELECT 'none' AS a", [], ["none"]),  // no parameters, no values
    ] as [(StoreSQL, [String], [String])])
  func parametersTakeTheValueTheyName(sql: StoreSQL, values: [String], expected: [String]) throws {
    try withScratchDatabase { db in
      let row = try db.read { try $0.queryOne(sql, values: values.map { .text($0) }) }
      #expect(row?.values == expected.map { .text($0) })
    }
  }

  @Test func aParameterRepeatedAcrossTheStatementTakesOneValue() throws {
    try withScratchDatabase { db in
      try db.write { try $0.execute("INSERT INTO t (id, v) VALUES ($1, $2)", 7, .text("x")) }
      let row = try db.read { connection in
        try connection.queryOne("SELECT v FROM t WHERE id = $1 AND $1 > 0 AND v = $2 AND $2 = v", 7, .text("x"))
      }
      #expect(row?.string("v") == "x")
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
