import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseServer

/// The open-file limit and the connection caps that follow from it (issue #13: a soft limit of
/// 1,024 under a connection limit of 20,000 let slow clients starve everyone).
@Suite struct ConnectionLimitsTests {
  @Test func connectionLimitLeavesAnEighthOfTheOpenFilesAndStaysBounded() {
    #expect(OpenFileLimit.connectionLimit(openFiles: 1024) == 768)
    #expect(OpenFileLimit.connectionLimit(openFiles: 20_000) == 17_500)
    #expect(OpenFileLimit.connectionLimit(openFiles: 1 << 20) == 20_000)
    #expect(OpenFileLimit.connectionLimit(openFiles: 100) == 32)
  }

  @Test func softLimitAskedForIsTheHardOneOrTheKernelCeilingWhenUnlimited() {
    #expect(OpenFileLimit.raisedSoftLimit(hard: 4096, kernelCeiling: 1 << 20) == 4096)
    #expect(OpenFileLimit.raisedSoftLimit(hard: OpenFileLimit.unlimited, kernelCeiling: 1 << 20) == 1 << 20)
  }

  @Test func serverCapsConnectionsPerAddressUnlessAProxyIsTrusted() async throws {
    let direct = try await TestServer()
    #expect(direct.server.connectionsPerAddress == 128)
    #expect(direct.server.connectionLimit == OpenFileLimit.connectionLimit(openFiles: OpenFileLimit.current))
    await direct.stop()
    let proxied = try await TestServer { $0.trustedProxies = AddressRange.loopback }
    #expect(proxied.server.connectionsPerAddress == 0)
    await proxied.stop()
    let chosen = try await TestServer {
      $0.trustedProxies = AddressRange.loopback
      $0.connectionsPerAddress = 8
    }
    #expect(chosen.server.connectionsPerAddress == 8)
    await chosen.stop()
  }

  @Test func serveRaisesTheSoftOpenFileLimitToTheHardOne() async throws {
    var limit = rlimit()
    #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    try #require(limit.rlim_max > 256, "the hard limit here is too low to lower the soft one under it")
    let hard =
      limit.rlim_max == OpenFileLimit.unlimited
      ? Int(
        (try String(contentsOfFile: "/proc/sys/fs/nr_open", encoding: .utf8)).trimmingCharacters(
          in: .whitespacesAndNewlines)) ?? 0
      : Int(limit.rlim_max)
    let data = try temporaryDirectory()
    // The shell lowers the soft limit only, as a login or service manager does, then becomes blastoise.
    let server = try TestChild(
      "/bin/sh",
      [
        "-c", #"ulimit -Sn 256 && exec "$0" "$@""#, BlastoiseExecutable.url.path, "serve", "--host", "127.0.0.1",
        "--port", "0", "--data-dir", data,
      ],
      environment: BlastoiseExecutable.environment([:]))
    let listening = await server.waitForOutput(errors: true) { $0.contains("listening on") }
    #expect(listening, "\(server.errorText)")

    #expect(server.errorText.contains("limits: open files raised from 256 to \(hard)"))
    #expect(server.errorText.contains("up to \(OpenFileLimit.connectionLimit(openFiles: hard)) connections"))
    let limits = try String(contentsOfFile: "/proc/\(server.pid)/limits", encoding: .utf8)
    let openFiles = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }
    let hardText = limit.rlim_max == OpenFileLimit.unlimited ? "unlimited" : "\(hard)"
    #expect(openFiles?.split(separator: " ").dropFirst(3).prefix(2).map(String.init) == ["\(hard)", hardText])
    server.signal(SIGTERM)
    #expect(try await server.waitForExit() == 0)
  }
}
