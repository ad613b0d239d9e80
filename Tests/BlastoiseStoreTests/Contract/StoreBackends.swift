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
}

/// The backends every contract test runs against. A new backend is one more entry here; one
/// that needs a server (PostgreSQL) is added only when its environment variable names one
/// (`scripts/test-postgres` starts one; in CI its absence fails `postgresBackendRunsInCI`).
enum StoreBackends {
  static var all: [StoreBackend] {
    [sqlite] + (TestPostgres.url.map { [postgres($0)] } ?? [])
  }

  /// A new SQLite file in a temporary folder of its own.
  static let sqlite = StoreBackend(name: "SQLite") {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("blastoise-contract-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      let storage = try SQLiteStorage(path: folder.appendingPathComponent("blastoise.db").path)
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
    StoreBackend(name: "PostgreSQL") {
      let schema = try await TestPostgres.makeSchema(on: serverURL)
      do {
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
}

/// The PostgreSQL half may be missing on a developer's machine (`swift test` alone), never in CI.
@Test func postgresBackendRunsInCI() {
  if TestPostgres.isRequired {
    #expect(
      TestPostgres.url != nil,
      "CI=true but \(TestPostgres.variable) is not set: run the tests through scripts/test-postgres (make test)")
  }
}
