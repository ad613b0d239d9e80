import BlastoiseProtocol
import Foundation
import Testing

/// The real executable: start, answer, stop on SIGTERM, refuse bad command lines with exit 2.
@Suite struct ServeCommandTests {
  @Test func servesStatusAndHealthThenStopsGracefullyOnSIGTERM() async throws {
    let data = try temporaryDirectory()
    let server = try ServerProcess(arguments: ["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data])
    let port = try await server.waitUntilListening()

    let (healthStatus, health) = try await httpGet(port, "/healthz")
    #expect(healthStatus == 200)
    #expect(String(decoding: health, as: UTF8.self) == "ok")
    let (statusCode, body) = try await httpGet(port, "/api/status")
    #expect(statusCode == 200)
    let status = try JSONDecoder().decode(ServerStatus.self, from: body)
    #expect(status.version == BlastoiseVersion.current)
    #expect(status.allowSignup)
    #expect(!status.allowGuests)
    #expect(FileManager.default.fileExists(atPath: data + "/blastoise.db"))

    server.signal(SIGTERM)
    let (exitStatus, log) = try await server.waitForExit()
    #expect(exitStatus == 0)
    #expect(log.contains("received SIGTERM"))
    #expect(log.contains("stopped"))
  }

  @Test func environmentConfiguresTheServer() async throws {
    let data = try temporaryDirectory()
    let server = try ServerProcess(
      arguments: ["serve", "--port", "0"],
      environment: ["BLASTOISE_HOST": "127.0.0.1", "BLASTOISE_DATA_DIR": data, "BLASTOISE_GUESTS": "1"])
    let port = try await server.waitUntilListening()
    let (_, body) = try await httpGet(port, "/api/status")
    #expect(try JSONDecoder().decode(ServerStatus.self, from: body).allowGuests)
    server.signal(SIGTERM)
    #expect(try await server.waitForExit().status == 0)
  }

  @Test func restartOnAnExistingDataDirectoryWorks() async throws {
    let data = try temporaryDirectory()
    for _ in 0..<2 {
      let server = try ServerProcess(arguments: ["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data])
      let port = try await server.waitUntilListening()
      #expect(try await httpGet(port, "/healthz").0 == 200)
      server.signal(SIGTERM)
      #expect(try await server.waitForExit().status == 0)
    }
  }

  @Test(arguments: [["serve", "--bogus"], ["serve", "--port", "x"], ["launch"]])
  func badCommandLinesExitWithTwoAndOneLine(arguments: [String]) async throws {
    let server = try ServerProcess(arguments: arguments)
    let (status, log) = try await server.waitForExit()
    #expect(status == 2)
    #expect(log.split(separator: "\n").count == 1)
    #expect(log.hasPrefix("blastoise: "))
  }

  @Test func anUnusableDataDirectoryFailsToStartWithOne() async throws {
    let server = try ServerProcess(arguments: ["serve", "--port", "0", "--data-dir", "/proc/forbidden/data"])
    let (status, log) = try await server.waitForExit()
    #expect(status == 1)
    #expect(log.contains("data directory"))
  }
}
