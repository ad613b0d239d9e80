import BlastoiseTestSupport
import Foundation

/// One HTTP/1.1 exchange written by hand, for what URLSession will not send: a forged `Host`,
/// or a connection from another loopback source address.
struct RawHTTPResponse: Sendable {
  let status: Int
  let head: String
  let body: String

  func header(_ name: String) -> String? {
    head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
      .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
  }
}

enum RawHTTP {
  /// Sends `method path` with `headers` (Host included only if given) to 127.0.0.1:`port`, from
  /// `source` when set, and reads the answer until the server closes.
  static func send(
    port: UInt16, _ method: String, _ path: String, headers: [(String, String)], body: String = "",
    from source: String? = nil
  ) async throws -> RawHTTPResponse {
    var text = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if !body.isEmpty { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + body
    let request = text
    return try await offPool { try exchange(port: port, request: request, source: source) }
  }

  private static func exchange(port: UInt16, request: String, source: String?) throws -> RawHTTPResponse {
    // A loaded test run hashes slowly (every test signs up at once): a generous hang guard.
    let descriptor = try Loopback.connect(port: port, from: source, timeout: .seconds(300))
    defer { close(descriptor) }
    let bytes = Array(request.utf8)
    guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
      throw ProcessFailure(message: "send failed")
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[0..<count]
    }
    let answer = String(decoding: received, as: UTF8.self)
    guard let split = answer.range(of: "\r\n\r\n") else { throw ProcessFailure(message: "no answer: \(answer)") }
    let head = String(answer[..<split.lowerBound])
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return RawHTTPResponse(status: status, head: head, body: String(answer[split.upperBound...]))
  }
}
