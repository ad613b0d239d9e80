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
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    if let source {
      var local = address(source, port: 0)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw ProcessFailure(message: "bind \(source) failed") }
    }
    var remote = address("127.0.0.1", port: port)
    let connected = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw ProcessFailure(message: "connect failed") }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)  // a loaded test run hashes slowly
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

  private static func address(_ text: String, port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(text)
    return address
  }
}
