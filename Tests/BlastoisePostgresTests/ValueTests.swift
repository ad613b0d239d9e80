import BlastoisePostgres
import BlastoiseStoreShared
import Testing

/// Bound parameters and decoded columns: every value comes back as it went in, in a column of
/// its natural type.
@Suite(needsServer) struct ValueTests {
  static let create: StaticString = """
    CREATE TABLE t (id BIGINT PRIMARY KEY, i BIGINT, d DOUBLE PRECISION, s TEXT, b BYTEA, f BOOLEAN, j JSONB)
    """

  @Test func valuesRoundTripInTheirColumns() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute(Self.create) }
      let integers: [Int64] = [0, -1, .min, .max]
      let doubles: [Double] = [
        0, -1.5, 12.345_678, 1_700_000_123.456_789, .greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .infinity, -.infinity,
      ]
      let texts = ["", "plain", "ünïcødé — 日本語 — 🎵🐢", "x'); DROP TABLE t; --", "$1 ? :name"]
      let blobs: [[UInt8]] = [[], [0, 1, 2, 255], (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }]
      let count = max(integers.count, doubles.count, texts.count, blobs.count)
      try await database.write { connection in
        for index in 0..<count {
          try connection.execute(
            "INSERT INTO t (id, i, d, s, b, f) VALUES ($1, $2, $3, $4, $5, $6)", .integer(Int64(index)),
            index < integers.count ? .integer(integers[index]) : .null,
            index < doubles.count ? .real(doubles[index]) : .null, index < texts.count ? .text(texts[index]) : .null,
            index < blobs.count ? .blob(blobs[index]) : .null, StoreValue(index.isMultiple(of: 2)))
        }
      }
      let rows = try await database.read { try $0.query("SELECT * FROM t ORDER BY id") }
      #expect(rows.compactMap { $0.int64("i") } == integers)
      #expect(rows.compactMap { $0.double("d") } == doubles)
      #expect(rows.compactMap { $0.string("s") } == texts)
      #expect(rows.compactMap { $0.blob("b") } == blobs)
      #expect(rows.compactMap { $0.bool("f") } == (0..<count).map { $0.isMultiple(of: 2) })
      #expect(rows.last?["i"] == .null)
    }
  }

  @Test func notANumberRoundTrips() async throws {
    try await withDatabase { database, _ in
      let back = try await database.read { try $0.queryOne("SELECT $1::float8 AS d", .real(.nan))?.double("d") }
      #expect(back?.isNaN == true)
    }
  }

  @Test func jsonListsAreBoundAsOneParameter() async throws {
    try await withDatabase { database, _ in
      let list = try StringListColumn.encode(["a", "b\"quoted\"", "ünï"])
      let back = try await database.read { connection in
        try connection.query("SELECT value FROM jsonb_array_elements_text($1::jsonb) AS value", .text(list))
      }
      #expect(back.compactMap { $0.string("value") } == ["a", "b\"quoted\"", "ünï"])
    }
  }

  @Test func textWithNULIsRefusedBeforeItIsSent() async throws {
    try await withDatabase { database, _ in
      let error = await postgresError {
        _ = try await database.read { try $0.queryOne("SELECT $1::text AS s", .text("nul\u{0}inside")) }
      }
      #expect(error?.code == .misuse)
    }
  }

  @Test func affectedRowsAreCounted() async throws {
    try await withDatabase { database, _ in
      let counts = try await database.write { connection in
        try connection.execute(Self.create)
        let inserted = try connection.execute("INSERT INTO t (id) SELECT generate_series(1, 5)")
        let updated = try connection.execute("UPDATE t SET i = 1 WHERE id > $1", .integer(2))
        return [inserted, updated]
      }
      #expect(counts == [5, 3])
    }
  }
}
