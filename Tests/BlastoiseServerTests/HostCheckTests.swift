import BlastoiseServer
import Foundation
import Testing

/// DNS rebinding: a page on another name that resolves to this server must not reach its API,
/// and the first account (the admin) is made only from this machine or with the setup code.
@Suite struct HostCheckTests {
  @Test func aForeignHostIsRefusedEvenWithAMatchingOrigin() async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let signUp = try await RawHTTP.send(
      port: server.server.port, "POST", "/api/auth/signup",
      headers: [("Host", "evil.example"), ("Origin", "http://evil.example")],
      body: #"{"username":"mallory","password":"password123"}"#)
    #expect([403, 421].contains(signUp.status))
    #expect(signUp.body.contains(#""error""#))
    await server.stop()
  }

  @Test func theFirstAccountFromAnotherMachineIsRefusedWithoutTheSetupCode() async throws {
    let server = try await TestServer { $0.trustedProxies = AddressRange.loopback }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let remote = try await server.client().request(
      "POST", "/api/auth/signup", json: #"{"username":"mallory","password":"password123"}"#,
      headers: ["X-Forwarded-For": "203.0.113.7"])
    #expect(remote.status == 403)
    await server.stop()
  }

  /// A reverse proxy on the same machine that nobody declared (`--trust-proxy` not given)
  /// connects from loopback for everyone on the internet: a forwarding header, or any request
  /// through a trusted proxy, is not someone at this machine.
  @Test(arguments: [
    ("X-Forwarded-For", "203.0.113.7"), ("Forwarded", "for=203.0.113.7"), ("X-Real-IP", "203.0.113.7"),
  ])
  func theFirstAccountThroughASameHostProxyNeedsTheSetupCode(header: (String, String)) async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let proxied = try await server.client().request(
      "POST", "/api/auth/signup", json: #"{"username":"mallory","password":"password123"}"#,
      headers: [header.0: header.1])
    #expect(proxied.status == 403)
    let trusted = try await TestServer { $0.trustedProxies = AddressRange.loopback }
    defer { try? FileManager.default.removeItem(atPath: trusted.dataDirectory) }
    #expect(try await trusted.client().signUp("viaproxy").status == 403)  // the proxy's own request
    #expect(try await server.client().signUp("ann").status == 200)  // someone at this machine
    await server.stop()
    await trusted.stop()
  }

  @Test func theSetupCodeFromTheLogLetsTheFirstAccountComeFromElsewhere() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: data) }
    let server = try ServerProcess(arguments: [
      "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data, "--trust-proxy",
      "--public-url", "https://tunes.example",
    ])
    let port = try await server.waitUntilListening()
    let code = try await server.waitForLog(matching: #"setup code (\S+)"#)
    let remote = [("Host", "tunes.example"), ("X-Forwarded-For", "203.0.113.7"), ("X-Forwarded-Proto", "https")]
    let body = #"{"username":"root","password":"password123"}"#
    let refused = try await RawHTTP.send(port: port, "POST", "/api/auth/signup", headers: remote, body: body)
    #expect(refused.status == 403)
    let wrong = #"{"username":"root","password":"password123","setupCode":"nope"}"#
    #expect(try await RawHTTP.send(port: port, "POST", "/api/auth/signup", headers: remote, body: wrong).status == 403)
    let right = #"{"username":"root","password":"password123","setupCode":"\#(code)"}"#
    let admin = try await RawHTTP.send(port: port, "POST", "/api/auth/signup", headers: remote, body: right)
    #expect(admin.status == 200)
    #expect(admin.body.contains(#""isAdmin":true"#))
    // The public URL's host is one of the server's names; a look-alike is not.
    let other = [("Host", "tunes.example.evil.example")]
    #expect(try await RawHTTP.send(port: port, "GET", "/api/status", headers: other).status == 421)
    server.signal(SIGTERM)
    _ = try await server.waitForExit()
  }

  @Test func anotherLoopbackAddressIsThisMachine() async throws {
    // 127.0.0.2 is loopback too: only the kernel routes it, so it is "this machine".
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let host = [("Host", "127.0.0.1:\(server.server.port)")]
    let signUp = try await RawHTTP.send(
      port: server.server.port, "POST", "/api/auth/signup", headers: host,
      body: #"{"username":"root","password":"password123"}"#, from: "127.0.0.2")
    #expect(signUp.status == 200)
    #expect(signUp.header("X-Content-Type-Options") == "nosniff")
    await server.stop()
  }
}
