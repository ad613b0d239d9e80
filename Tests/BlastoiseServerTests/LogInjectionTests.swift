import BlastoiseTestSupport
import Foundation
import Testing

/// Request values in the log are escaped: a client cannot write a line of its own.
@Suite struct LogInjectionTests {
  @Test func aNewlineInASignInNameOrATargetForgesNoLogLine() async throws {
    let data = try temporaryDirectory()
    let server = try ServerProcess(arguments: ["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data])
    let port = try await server.waitUntilListening()
    let forged = #"x\n2026-01-01T00:00:00Z auth: account 'admin' created"#
    let login = try await APIClient(base: "http://127.0.0.1:\(port)")
      .post("/api/auth/login", #"{"username":"\#(forged)","password":"password123"}"#)
    #expect(login.status == 401)
    // The edge logs a refused target as it came: here with an ANSI escape and U+2028.
    let target = Array("GET /x%zz".utf8) + [0x1b] + Array("[2J\u{2028}2026-01-01T00:00:00Z-forged".utf8)
    let refused = try await offPool {
      try rawExchange(port: port, target + Array(" HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8))
    }
    #expect(refused.hasPrefix("HTTP/1.1 400"))
    server.signal(SIGTERM)
    let (_, log) = try await server.waitForExit()

    let lines = log.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.filter { $0.contains("failed sign-in") }.count == 1, "\(log)")
    #expect(lines.filter { $0.contains("http: refused 400") }.count == 1, "\(log)")
    // Sign-in names are logged lower-cased.
    #expect(!lines.contains { $0.lowercased().hasPrefix("2026-01-01t00:00:00z") }, "\(log)")
    #expect(lines.contains { $0.contains(#"failed sign-in for 'x\n2026-01-01t00:00:00z auth: acc'"#) })
    #expect(lines.contains { $0.contains(#"/x%zz\u{1B}[2J\u{2028}2026-01-01T00:00:00Z-forged"#) })
    #expect(!log.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{2028}" || $0 == "\r" }, "\(log)")
  }
}

/// Sends raw bytes on a fresh loopback connection and returns what comes back until it closes.
private func rawExchange(port: UInt16, _ bytes: [UInt8]) throws -> String {
  let descriptor = try Loopback.connect(port: port, timeout: .seconds(60))
  defer { close(descriptor) }
  guard send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
    throw ProcessFailure(message: "could not send to port \(port)")
  }
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = recv(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { break }
    received += buffer[0..<count]
  }
  return String(decoding: received, as: UTF8.self)
}
