import BlastoisePostgres
import BlastoiseStore
import BlastoiseStoreShared
import BlastoiseTestSupport
import Testing

/// The few fragments each backend words its own way (`SQLDialect`) mean the same in both: a JSON
/// list bound as one value reads back as its strings, and the two orders put text alike.
struct DialectTests {
  struct Answers: Sendable, Equatable {
    let listed: Set<String>
    let members: Set<String>
    let byteOrder: [String]
    let asciiCaseFolded: [String]
  }

  static let words = ["b", "A", "c", "_", "é"]
  /// Bytes: "A" (0x41) before "_" (0x5F) before the lower case; folded, "A" is "a" (0x61).
  static let expected = Answers(
    listed: Set(words), members: ["b", "é"], byteOrder: ["A", "_", "b", "c", "é"],
    asciiCaseFolded: ["_", "A", "b", "c", "é"])

  static func answers(_ connection: some StoreConnection) throws -> Answers {
    let dialect = connection.dialect
    let list = StoreValue.text(try StringListColumn.encode(words))
    func ordered(by order: StoreSQL) throws -> [String] {
      try connection.query("WITH l(w) AS (\(dialect.textList("$1"))) SELECT w FROM l ORDER BY \(order)", list)
        .compactMap { $0.string("w") }
    }
    let members = try connection.query(
      "WITH v(w) AS (VALUES ('b'), ('x'), ('é'), ('B')) SELECT w FROM v WHERE w IN (\(dialect.textList("$1")))", list)
    return Answers(
      listed: Set(try ordered(by: "w")), members: Set(members.compactMap { $0.string("w") }),
      byteOrder: try ordered(by: dialect.byteOrder("w")),
      asciiCaseFolded: try ordered(by: dialect.asciiCaseFolded("w")))
  }

  @Test func sqlite() throws {
    try withScratchDatabase { db in
      let answers = try db.read { try Self.answers($0) }
      #expect(answers == Self.expected)
    }
  }

  @Test(.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable)"))
  func postgres() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { schema in
      let database = try await PostgresDatabase.connect(PostgresSettings(url: schema.url))
      try await withAsyncCleanup {
        let answers = try await database.read { try Self.answers($0) }
        #expect(answers == Self.expected)
      } cleanup: {
        await database.close()
      }
    }
  }
}
