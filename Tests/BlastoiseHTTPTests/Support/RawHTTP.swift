import Foundation

/// A response as it came off the wire.
struct RawResponse: Sendable {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Every value sent for `name`, in order (a header sent twice has two).
  func values(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The `error` of a `{ "error": … }` body.
  var errorMessage: String? {
    (try? JSONDecoder().decode([String: String].self, from: Data(body)))?["error"]
  }

  func json<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(type, from: Data(body))
  }

  /// Whether the server announced it will close the connection after this response.
  var closesConnection: Bool { header("Connection")?.lowercased().contains("close") == true }
}

extension TestSocket {
  /// Reads one response (skipping `100 Continue`). `bodyless` is for answers to HEAD.
  func readResponseBlocking(bodyless: Bool = false) throws -> RawResponse {
    while true {
      let head = try readUntilBlocking(Array("\r\n\r\n".utf8))
      let lines = String(decoding: head.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
      let statusParts = lines[0].split(separator: " ", maxSplits: 2)
      guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
        throw TestSocketError.malformed("status line \(lines[0])")
      }
      var headers: [(name: String, value: String)] = []
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { throw TestSocketError.malformed("header \(line)") }
        headers.append(
          (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
      }
      var response = RawResponse(status: status, headers: headers, body: [])
      if status == 100 { continue }
      if bodyless || status == 101 || status == 204 || status == 304 { return response }
      if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
        response.body = try readChunkedBodyBlocking()
      } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
        response.body = try readExactlyBlocking(length)
      } else {
        response.body = try readToEndBlocking()
      }
      return response
    }
  }

  private func readChunkedBodyBlocking() throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let line = String(decoding: try readUntilBlocking(Array("\r\n".utf8)).dropLast(2), as: UTF8.self)
      guard let size = Int(line.split(separator: ";")[0], radix: 16) else {
        throw TestSocketError.malformed("chunk size \(line)")
      }
      if size == 0 {
        while try readUntilBlocking(Array("\r\n".utf8)).count > 2 {}  // Trailers.
        return body
      }
      body += try readExactlyBlocking(size)
      _ = try readExactlyBlocking(2)
    }
  }

  func readResponse(bodyless: Bool = false) async throws -> RawResponse {
    try await offPool { try self.readResponseBlocking(bodyless: bodyless) }
  }

  /// Sends `request` (raw text, CRLFs included) and reads the answer.
  func exchange(_ request: String, body: [UInt8] = [], bodyless: Bool = false) async throws -> RawResponse {
    try await offPool {
      try self.sendBlocking(Array(request.utf8) + body)
      return try self.readResponseBlocking(bodyless: bodyless)
    }
  }

  /// A GET (or another body-less method) on this connection.
  func request(_ target: String, headers: [String] = []) async throws -> RawResponse {
    try await request("GET", target, headers: headers)
  }

  func request(_ method: String, _ target: String, headers: [String] = []) async throws -> RawResponse {
    let head = (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n")
    return try await exchange(head + "\r\n\r\n", bodyless: method == "HEAD")
  }
}

/// One GET on a fresh connection.
func fetch(port: UInt16, _ target: String, headers: [String] = []) async throws -> RawResponse {
  try await fetch(port: port, "GET", target, headers: headers)
}

/// One request on a fresh connection.
func fetch(
  port: UInt16, _ method: String, _ target: String, headers: [String] = [], body: [UInt8]? = nil
) async throws -> RawResponse {
  let socket = try TestSocket(port: port)
  defer { socket.close() }
  var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers
  if let body { lines.append("Content-Length: \(body.count)") }
  return try await socket.exchange(
    lines.joined(separator: "\r\n") + "\r\n\r\n", body: body ?? [], bodyless: method == "HEAD")
}
