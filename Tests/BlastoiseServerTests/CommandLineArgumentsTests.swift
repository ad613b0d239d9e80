import Testing

@testable import BlastoiseServer

@Suite struct CommandLineArgumentsTests {
  private func serve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
    guard
      case .serve(let configuration) = try CommandLineArguments.parse(["serve"] + arguments, environment: environment)
    else { throw UsageError(message: "not serve") }
    return configuration
  }

  @Test func defaultsMatchTheDocumentedCommandLine() throws {
    let configuration = try serve([])
    #expect(configuration.host == "0.0.0.0")
    #expect(configuration.port == 3001)
    #expect(configuration.dataDirectory == "./data")
    #expect(configuration.musicDirectory == "./music")
    #expect(configuration.allowGuests == false)
    #expect(configuration.allowSignup == true)
    #expect(configuration.database == .sqlite)
  }

  @Test func flagsTakeSeparateAndInlineValues() throws {
    let configuration = try serve([
      "--port", "8080", "--data-dir=/srv/b", "--guests", "--no-signup", "--host", "127.0.0.1",
    ])
    #expect(configuration.port == 8080)
    #expect(configuration.dataDirectory == "/srv/b")
    #expect(configuration.allowGuests)
    #expect(!configuration.allowSignup)
    #expect(configuration.host == "127.0.0.1")
  }

  @Test func environmentFillsInAndFlagsWin() throws {
    let environment = ["BLASTOISE_PORT": "4000", "BLASTOISE_DATA_DIR": "/env/data", "BLASTOISE_GUESTS": "true"]
    let fromEnvironment = try serve([], environment: environment)
    #expect(fromEnvironment.port == 4000)
    #expect(fromEnvironment.dataDirectory == "/env/data")
    #expect(fromEnvironment.allowGuests)
    let flagWins = try serve(["--port", "5000"], environment: environment)
    #expect(flagWins.port == 5000)
  }

  @Test(arguments: [
    ["--bogus"], ["--port"], ["--port", "-1"], ["--port", "70000"], ["--port", "abc"], ["--host", "example.com"],
    ["--guests=yes"], ["stray"], ["--data-dir", ""], ["--port", "1", "--port", "2"],
    ["--allowed-origin", "javascript:alert(1)"], ["--trusted-proxy", "proxy.example"],
    ["--trusted-proxy", "10.0.0.0/33"], ["--trusted-proxy", "::1/129"], ["--trust-proxy=yes"],
    ["--connections-per-address", "-1"], ["--connections-per-address", "many"],
    ["--database", "/srv/blastoise.db"], ["--database", "mysql://db/blastoise"],
  ])
  func badArgumentsAreUsageErrors(arguments: [String]) {
    #expect(throws: UsageError.self) { try serve(arguments) }
  }

  @Test func databaseComesFromTheFlagOrTheEnvironment() throws {
    let url = "postgres://blastoise@db.internal:5432/blastoise?sslmode=require"
    #expect(try serve(["--database", url]).database == .postgres(url: url))
    #expect(try serve([], environment: ["BLASTOISE_DATABASE": url]).database == .postgres(url: url))
    let other = "postgresql://other@db/blastoise"
    #expect(
      try serve(["--database=\(other)"], environment: ["BLASTOISE_DATABASE": url]).database == .postgres(url: other))
    let addUser = try CommandLineArguments.parse(["user", "add", "ann", "--database", url], environment: [:])
    #expect(addUser == .addUser(name: "ann", admin: false, dataDirectory: "./data", database: .postgres(url: url)))
    guard case .scan(let scan) = try CommandLineArguments.parse(["scan", "--database", url], environment: [:]) else {
      throw UsageError(message: "not scan")
    }
    #expect(scan.database == .postgres(url: url))
  }

  @Test func theLoggedDatabaseHasNoPassword() {
    #expect(
      DatabaseLocation.postgres(url: "postgres://ann:s3cret@db:5432/b").description == "postgres://ann:…@db:5432/b")
    #expect(DatabaseLocation.postgres(url: "postgres://ann@db/b").description == "postgres://ann@db/b")
    #expect(
      DatabaseLocation.postgres(url: "postgres://db/b?password=s3cret&sslmode=require").description
        == "postgres://db/b?password=…&sslmode=require")
    #expect(DatabaseLocation.sqlite.description == "SQLite")
  }

  @Test func badSwitchValueInEnvironmentIsAUsageError() {
    #expect(throws: UsageError.self) { try serve([], environment: ["BLASTOISE_GUESTS": "maybe"]) }
  }

  @Test func unknownCommandIsAUsageError() {
    #expect(throws: UsageError.self) { try CommandLineArguments.parse(["frobnicate"], environment: [:]) }
    #expect(throws: UsageError.self) { try CommandLineArguments.parse([], environment: [:]) }
  }

  @Test func allowedOriginsAreNormalized() throws {
    let configuration = try serve(["--allowed-origin", "HTTPS://Music.Example:443/"])
    #expect(configuration.allowedOrigins == ["https://music.example"])
  }

  @Test func trustedProxiesRepeatComeFromTheEnvironmentAndTrustProxyMeansLoopback() throws {
    let flags = try serve(["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy=fd00::1"])
    #expect(flags.trustedProxies.map(\.description) == ["10.0.0.0/8", "fd00::1/128"])
    let environment = try serve([], environment: ["BLASTOISE_TRUSTED_PROXY": "192.168.1.0/24, 10.1.2.3"])
    #expect(environment.trustedProxies.map(\.description) == ["192.168.1.0/24", "10.1.2.3/32"])
    #expect(try serve(["--trust-proxy"]).trustedProxies == AddressRange.loopback)
    #expect(AddressRange.loopback.map(\.description) == ["127.0.0.0/8", "::1/128"])
    #expect(try serve([]).trustedProxies.isEmpty)
  }

  @Test func connectionsPerAddressIsUnsetUnlessGivenAndZeroLiftsTheCap() throws {
    #expect(try serve([]).connectionsPerAddress == nil)
    #expect(try serve(["--connections-per-address", "0"]).connectionsPerAddress == 0)
    let environment = try serve([], environment: ["BLASTOISE_CONNECTIONS_PER_ADDRESS": "200"])
    #expect(environment.connectionsPerAddress == 200)
  }
}
