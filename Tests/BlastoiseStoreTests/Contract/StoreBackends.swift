import BlastoiseCore
import BlastoisePostgres
import BlastoiseStore
import BlastoiseTestSupport
import Foundation
import Testing

/// One backend the contract suite runs against: each test gets a fresh, empty `Storage` of it,
/// closed and removed afterwards.
struct StoreBackend: Sendable, CustomTestStringConvertible {
  /// A storage for one test and how to throw it away.
  struct Instance: Sendable {
    let storage: any Storage
    let discard: @Sendable () async -> Void
  }

  let name: String
  let makeInstance: @Sendable () async throws -> Instance
  /// A database an earlier build left: migrated up to `version` only, `seed` run on it (one
  /// statement each, written so both dialects take it), then opened as this build opens it.
  let makeUpgraded: @Sendable (_ version: Int, _ seed: [StaticString]) async throws -> Instance

  var testDescription: String { name }

  /// Runs `body` on a fresh storage and discards it afterwards, also when `body` throws.
  func withStorage<T>(_ body: (any Storage) async throws -> T) async throws -> T {
    let instance = try await makeInstance()
    return try await withAsyncCleanup {
      try await body(instance.storage)
    } cleanup: {
      await instance.discard()
    }
  }

  /// Runs `body` on the storage this build makes of a database an earlier build (at schema
  /// `version`) left with `seed` in it: what the migrations after `version` do to stored data.
  func withStorage<T>(
    upgradedFrom version: Int, seed: [StaticString], _ body: (any Storage) async throws -> T
  ) async throws -> T {
    let instance = try await makeUpgraded(version, seed)
    return try await withAsyncCleanup {
      try await body(instance.storage)
    } cleanup: {
      await instance.discard()
    }
  }
}

/// The backends every contract test runs against. A new backend is one more entry here; one
/// that needs a server (PostgreSQL) is added only when its environment variable names one
/// (`scripts/test-postgres` starts one; in CI its absence fails `postgresBackendRunsInCI`).
enum StoreBackends {
  static var all: [StoreBackend] {
    [sqlite] + (TestPostgres.url.map { [postgres($0)] } ?? [])
  }

  /// A new SQLite file in a temporary folder of its own.
  static let sqlite = StoreBackend(
    name: "SQLite",
    makeInstance: { try sqliteInstance { _ in } },
    makeUpgraded: { version, seed in
      try sqliteInstance { path in
        let earlier = try SQLiteDatabase(path: path, migrations: Array(BlastoiseSchema.migrations.prefix(version)))
        defer { earlier.close() }
        try earlier.write { connection in
          for statement in seed { try connection.execute(statement) }
        }
      }
    })

  /// `SQLiteStorage` on a new file, which `prepare` may fill first.
  private static func sqliteInstance(prepare: (String) throws -> Void) throws -> StoreBackend.Instance {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("blastoise-contract-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      let path = folder.appendingPathComponent("blastoise.db").path
      try prepare(path)
      let storage = try SQLiteStorage(path: path)
      return StoreBackend.Instance(storage: storage) {
        await storage.close()
        try? FileManager.default.removeItem(at: folder)
      }
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// A new schema of its own on the test server, dropped afterwards.
  static func postgres(_ serverURL: String) -> StoreBackend {
    StoreBackend(
      name: "PostgreSQL",
      makeInstance: { try await postgresInstance(on: serverURL) { _ in } },
      makeUpgraded: { version, seed in
        try await postgresInstance(on: serverURL) { url in
          let earlier = try await PostgresDatabase.connect(PostgresSettings(url: url))
          try await withAsyncCleanup {
            try await earlier.migrate(Array(PostgresSchema.migrations.prefix(version)))
            try await earlier.write { connection in
              for statement in seed { _ = try connection.execute(statement) }
            }
          } cleanup: {
            await earlier.close()
          }
        }
      })
  }

  /// `PostgresStorage` on a new schema, which `prepare` may fill first (given the schema's URL).
  private static func postgresInstance(
    on serverURL: String, prepare: @Sendable (String) async throws -> Void
  ) async throws -> StoreBackend.Instance {
    let schema = try await TestPostgres.makeSchema(on: serverURL)
    do {
      try await prepare(schema.url)
      let storage = try await PostgresStorage.connect(PostgresSettings(url: schema.url))
      return StoreBackend.Instance(storage: storage) {
        await storage.close()
        await schema.drop()
      }
    } catch {
      await schema.drop()
      throw error
    }
  }
}

/// The PostgreSQL half may be missing on a developer's machine (`swift test` alone), never in CI.
@Test func postgresBackendRunsInCI() {
  if TestPostgres.isRequired {
    #expect(
      TestPostgres.url != nil,
      "CI=true but \(TestPostgres.variable) is not set: run the tests through scripts/test-postgres (make test)")
  }
}
