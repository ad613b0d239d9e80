import BlastoiseServer
import BlastoiseTestSupport
import Testing

/// The podcast suites' server: private addresses allowed (the feeds are on loopback), on SQLite or
/// on PostgreSQL.
enum PodcastServer {
  static let backends: [String] = ["sqlite"] + (TestPostgres.url != nil ? ["postgres"] : [])

  /// A server on `backend` with ann signed in; `body` gets both, and the server stops after.
  static func with(
    _ backend: String, _ configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer, APIClient) async throws -> Void
  ) async throws {
    func run(_ database: DatabaseLocation) async throws {
      let server = try await TestServer {
        $0.allowPrivateImports = true
        $0.database = database
        configure(&$0)
      }
      let client = server.client()
      try await client.signUp("ann")
      try await withAsyncCleanup {
        try await body(server, client)
      } cleanup: {
        await server.stop()
      }
    }
    if backend == "sqlite" { return try await run(.sqlite) }
    let serverURL = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: serverURL) { schema in try await run(.postgres(url: schema.url)) }
  }
}
